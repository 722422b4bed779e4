#!/usr/bin/env bash
# Validates the Kubernetes and Kubeflow files of `traindeck generate` against
# schemas built from the official OpenAPI (core/generate/README.md, "Validation
# against the official schemas"). Needs the npm registry,
# node, python3 with jsonschema and PyYAML, and a built traindeck.
#   tests/generate/schema-check/run.sh [TRAINDECK] [WORKDIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
traindeck=${1:-$here/../../../build/app/traindeck}
work=${2:-/tmp/traindeck-schema-check}
mkdir -p "$work/schemas"
cp "$here/package.json" "$here/entry.ts" "$here/tsconfig.json" "$here/kmvalidate.mjs" "$work/"
(cd "$work" && npm install --no-audit --no-fund --loglevel=error >/dev/null)
for t in K8sJob K8sService K8sConfigMap K8sPodTemplateSpec; do
    (cd "$work" && npx --no-install ts-json-schema-generator --path entry.ts --tsconfig tsconfig.json \
        --type "$t" --no-type-check -o "schemas/$t.schema.json")
done
# kubernetes-types writes Quantity as string; the OpenAPI's quantity is int-or-string
# (yannh's schemas: string or number; CRDs: x-kubernetes-int-or-string).
python3 - "$work/schemas" <<'PY'
import json, sys, glob
for p in glob.glob(sys.argv[1] + "/*.schema.json"):
    s = json.load(open(p))
    if "Quantity" in s["definitions"]:
        s["definitions"]["Quantity"] = {"oneOf": [{"type": "string"}, {"type": "number"}]}
    json.dump(s, open(p, "w"))
PY

out=$work/out
rm -rf "$out"
gen() {
    local v=$1; shift
    "$traindeck" generate --target k8s,pytorchjob,accelerate,deepspeed --out "$out/$v" --force "$@" >/dev/null
    echo "generated $v"
}
gen 1x8 --nodes 1
gen 1x8-zero0 --nodes 1 --zero-stage 0 --layouts 1x8
gen 2x8 --nodes 2
gen 2x8-zero0 --nodes 2 --zero-stage 0
gen 2x8-zero2 --nodes 2 --layouts 2x8 --zero-stage 2
gen 2x8-fp32 --nodes 2 --layouts 2x8 --precision fp32 --zero-stage 1
gen 8x8 --nodes 8
gen 8x8-zero3 --nodes 8 --layouts 8x8 --global-batch 1024 --zero-stage 3
gen 8x8-zero3-offload --nodes 8 --layouts 8x8 --global-batch 1024 --zero-stage 3 --offload-optimizer --precision fp16
# Literal shell syntax in values, on purpose: it must stay data in every file.
# shellcheck disable=SC2016
gen hostile --nodes 2 --job-name a-b-c --namespace team-a --queue q.gpu_1 --priority-class high.prio \
    --mount data-pvc:/data:ro --mount ckpt:/ckpt --secret-env HF_TOKEN=hf-secret:token.v1 --shm-size 64Gi \
    --env "QUOTED=say \"hi\" it's" --env 'EVIL=$(reboot)' --env 'TICKS=`id`;rm -rf /' \
    --image registry.example.com:5000/team/img@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef \
    --command 'accelerate launch {accelerate_args} train.py --lr {lr} --note "$(reboot)"'
# A dotted job name is a valid Job name but not a Service (DNS-1035) name: refused.
if "$traindeck" generate --target k8s --out "$out/dotted" --nodes 2 --job-name a.b-c >/dev/null 2>&1; then
    echo "FAIL: job name a.b-c was accepted"; exit 1
fi

files=("$out"/*/kubernetes.yaml "$out"/*/pytorchjob.yaml)
status=0
python3 "$here/validate.py" "$work/schemas" "${files[@]}" || status=1
python3 -c '
import json, sys, yaml
print(json.dumps([[p, n, d] for p in sys.argv[1:] for n, d in enumerate(yaml.safe_load_all(open(p))) if d]))' \
    "${files[@]}" | (cd "$work" && node kmvalidate.mjs) || status=1
echo "schema check: $([ $status = 0 ] && echo all valid || echo FAILED)"
exit $status
