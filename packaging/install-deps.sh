#!/usr/bin/env bash
# Installs every build and test dependency of TrainDeck from Debian 12's packages.
# Idempotent: packages already present are left as they are, and apt is only
# consulted when something is missing.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  qt6-translations-l10n libgl-dev
  libqcustomplot-dev libqcustomplot2.1-qt6
  qt6-svg-dev  # the Watch page's SVG export (QSvgGenerator); the .deb gets libqt6svg6 through shlibdeps
  libyaml-cpp-dev libssh-dev libgloo-dev nlohmann-json3-dev
  libsimdjson-dev libprotobuf-dev protobuf-compiler
  shellcheck openssh-server openssh-client
  pdsh  # bench/launch: the fault benchmark runs pdsh beside traindeck launch
  slurm-wlm munge  # tests/slurm: a real slurmctld and slurmd that `traindeck launch --platform slurm` submits to
  python3
  # traindeck_metrics' tests and the end-to-end runs of users' scripts (tests/runs):
  # CPU PyTorch (about 600 MB with what it pulls in), pip from a checkout.
  python3-torch python3-pip python3-setuptools python3-wheel
  xvfb xauth fonts-noto-cjk
  # The .debs: PNG icons rendered from the SVG, and the checks of what they install.
  librsvg2-bin desktop-file-utils appstream groff-base dpkg-dev
  pngquant  # packaging/screenshots.sh keeps the README's pictures small
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}"
  sudo_cmd=()
  [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "install-deps: all ${#packages[@]} packages present"
fi
