// writeWhole: the file is written complete or left as it was, and the temporary
// file never stays behind.
#include "files/write_whole.h"

#include <QtTest>

#include <stdexcept>
#include <sys/stat.h>

using traindeck::writeWhole;

namespace {

QByteArray read(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// What the folder holds, hidden files too.
QStringList entries(const QString& dir) {
    return QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name);
}

}  // namespace

class TestWriteWhole : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void writesAndReplaces() {
        const QString path = dir_.filePath("a.txt");
        QVERIFY(writeWhole(path.toStdString(), "first\n").empty());
        QCOMPARE(read(path), QByteArray("first\n"));
        QVERIFY(writeWhole(path.toStdString(), [](std::ostream& out) { out << "second " << 2 << '\n'; }).empty());
        QCOMPARE(read(path), QByteArray("second 2\n"));
        QCOMPARE(entries(dir_.path()), QStringList{"a.txt"});  // no temporary left
    }

    void executableForItsOwner() {
        const QString path = dir_.filePath("run.sh");
        QVERIFY(writeWhole(path.toStdString(), "#!/bin/sh\n", true).empty());
        QVERIFY(QFileInfo(path).permissions() & QFile::ExeOwner);
        QVERIFY(writeWhole(dir_.filePath("data.txt").toStdString(), "x", false).empty());
        QVERIFY(!(QFileInfo(dir_.filePath("data.txt")).permissions() & QFile::ExeOwner));
    }

    // A writer that fails halfway (an exception, as a full disk's error would end
    // it) leaves the old file as it was.
    void aFailedWriteKeepsTheOldFile() {
        QTemporaryDir d;
        const QString path = d.filePath("plan.yaml");
        QVERIFY(writeWhole(path.toStdString(), "kept\n").empty());
        bool threw = false;
        try {
            writeWhole(path.toStdString(), [](std::ostream& out) {
                out << "half";
                throw std::runtime_error("disk full");
            });
        } catch (const std::runtime_error&) {
            threw = true;
        }
        QVERIFY(threw);
        QCOMPARE(read(path), QByteArray("kept\n"));
        QCOMPARE(entries(d.path()), QStringList{"plan.yaml"});
    }

    void errorsNameTheFileAndTheReason() {
        const std::string missing = writeWhole("/nonexistent/folder/x.csv", "x").english();
        QVERIFY2(QString::fromStdString(missing).startsWith("/nonexistent/folder/x.csv: cannot write: "), missing.c_str());
        // A folder where the file should be: written beside it, not renamed over it.
        QTemporaryDir d;
        QVERIFY(QDir(d.path()).mkdir("taken"));
        const std::string taken = writeWhole(d.filePath("taken").toStdString(), "x").english();
        QVERIFY2(QString::fromStdString(taken).contains("taken: cannot replace: "), taken.c_str());
        QCOMPARE(entries(d.path()), QStringList{"taken"});  // the temporary is gone
    }
};

QTEST_MAIN(TestWriteWhole)
#include "tst_write_whole.moc"
