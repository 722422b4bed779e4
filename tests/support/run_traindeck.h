#pragma once
// Runs the built `traindeck` binary (TRAINDECK_BINARY, set by CMake) the way a
// user at a shell would, and returns what it printed and its exit code.

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QtGlobal>

struct TraindeckRun {
    int code;
    QString out, err;
};

inline TraindeckRun runTraindeck(const QStringList& args) {
    QProcess p;
    p.start(TRAINDECK_BINARY, args);
    if (!p.waitForFinished(30000))
        qFatal("traindeck %s did not finish", qPrintable(args.join(' ')));
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}
