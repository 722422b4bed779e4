#include "support.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>

#include <stdexcept>

namespace gentest {

using traindeck::generate::GeneratedFile;

traindeck::Plan planAt(int nodes, int gpus) {
    traindeck::Plan plan = traindeck::demoPlan();
    plan.cluster.nodes = nodes;
    plan.cluster.gpusPerNode = gpus;
    return plan;
}

traindeck::generate::GenerateOptions optionsFor(int nodes) {
    traindeck::generate::GenerateOptions o;
    o.ecsSpec = "ecs.gn7e-c16g1.32xlarge";
    o.workspaceId = "12345";
    for (int i = 0; i < nodes; ++i) o.hosts.push_back("gpu-" + std::to_string(i) + ".cluster.local");
    return o;
}

std::vector<traindeck::generate::Target> allTargets() {
    std::vector<traindeck::generate::Target> all;
    for (const auto& t : traindeck::generate::targets()) all.push_back(t.target);
    return all;
}

const GeneratedFile& fileAt(const std::vector<GeneratedFile>& files, const std::string& path) {
    for (const GeneratedFile& f : files)
        if (f.path == path) return f;
    throw std::runtime_error("no generated file " + path);
}

bool hasFile(const std::vector<GeneratedFile>& files, const std::string& path) {
    for (const GeneratedFile& f : files)
        if (f.path == path) return true;
    return false;
}

QString writeAll(const QTemporaryDir& dir, const std::vector<GeneratedFile>& files) {
    for (const GeneratedFile& f : files) {
        const QString path = dir.filePath(QString::fromStdString(f.path));
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile out(path);
        if (!out.open(QIODevice::WriteOnly)) throw std::runtime_error("cannot write " + path.toStdString());
        out.write(f.content.data(), qint64(f.content.size()));
        out.close();
        if (f.executable)
            out.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner |
                               QFileDevice::ReadGroup | QFileDevice::ExeGroup);
    }
    return dir.path();
}

void writeStub(const QString& dir, const QString& name, const QString& body) {
    QDir().mkpath(dir);
    QFile f(dir + "/" + name);
    if (!f.open(QIODevice::WriteOnly)) throw std::runtime_error("cannot write stub " + name.toStdString());
    f.write(("#!/bin/bash\n" + body + "\n").toUtf8());
    f.close();
    f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
}

void writeNvidiaSmi(const QString& dir, int gpus) {
    // Only the query the entrypoint makes is answered; anything else fails loudly.
    writeStub(dir, "nvidia-smi",
              QString("if [[ $* != '--query-gpu=index --format=csv,noheader' ]]; then echo \"stub: $*\" >&2; exit 9; fi\n"
                      "for ((i = 0; i < %1; i++)); do echo \"$i\"; done")
                  .arg(gpus));
}

Run runBash(const QString& script, const QStringList& args, const QMap<QString, QString>& env,
            const QString& stubDir, int timeoutMs) {
    QProcessEnvironment pe;
    pe.insert("PATH", (stubDir.isEmpty() ? QString() : stubDir + ":") + "/usr/local/bin:/usr/bin:/bin");
    pe.insert("LANG", "C.UTF-8");
    for (auto it = env.begin(); it != env.end(); ++it) pe.insert(it.key(), it.value());
    QProcess p;
    p.setProcessEnvironment(pe);
    p.start("/bin/bash", QStringList{script} + args);
    Run r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.err = "timed out";
        return r;
    }
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QMap<QString, QString> parseEnv0(const QByteArray& out) {
    QMap<QString, QString> env;
    for (const QByteArray& entry : out.split('\0')) {
        const int eq = entry.indexOf('=');
        if (eq > 0) env.insert(QString::fromUtf8(entry.left(eq)), QString::fromUtf8(entry.mid(eq + 1)));
    }
    return env;
}

}  // namespace gentest

namespace gentest {

QMap<QString, QString> readEnv0(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? parseEnv0(f.readAll()) : QMap<QString, QString>();
}

}  // namespace gentest
