#pragma once
// Shared by the generator tests: plans at a layout, options every target
// accepts, writing files to a temporary directory, running a script with a
// chosen environment and stub programs on PATH.

#include "generate/generate.h"
#include "plan/plan.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <string>
#include <vector>

namespace gentest {

// The demo plan on `nodes` × `gpus`.
traindeck::Plan planAt(int nodes, int gpus = 8);
// Options with what pai and ssh require: an ECS spec, a workspace, one host per node.
traindeck::generate::GenerateOptions optionsFor(int nodes);

// Every target, as `--target all` lists them.
std::vector<traindeck::generate::Target> allTargets();

// The file at `path`; throws std::runtime_error naming it when absent.
const traindeck::generate::GeneratedFile& fileAt(const std::vector<traindeck::generate::GeneratedFile>& files,
                                                  const std::string& path);
bool hasFile(const std::vector<traindeck::generate::GeneratedFile>& files, const std::string& path);

// Writes the files under `dir` (executable ones with mode 0755); returns dir's path.
QString writeAll(const QTemporaryDir& dir, const std::vector<traindeck::generate::GeneratedFile>& files);

// Makes an executable `name` in `dir` holding the bash body given.
void writeStub(const QString& dir, const QString& name, const QString& body);
// A stub nvidia-smi that lists `gpus` GPUs as `--query-gpu=index` does.
void writeNvidiaSmi(const QString& dir, int gpus);

struct Run {
    int code = -1;
    QByteArray out, err;
};

// Runs `bash script args...` in a clean environment: PATH is `stubDir` then the
// system's, plus `env`. Nothing of the test's own environment leaks in.
Run runBash(const QString& script, const QStringList& args, const QMap<QString, QString>& env,
            const QString& stubDir, int timeoutMs = 20000);

// NUL-separated `env -0` output as a map.
QMap<QString, QString> parseEnv0(const QByteArray& out);
// The same, read from a file a stub workload wrote; empty when it is missing.
QMap<QString, QString> readEnv0(const QString& path);

}  // namespace gentest
