#pragma once
// Small files a test writes and reads back (plans, fixtures, stub programs).

#include <QFile>
#include <QtTest>

namespace test_files {

inline void writeFile(const QString& path, const QByteArray& content, bool executable = false) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(content);
    f.close();
    if (executable) f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
}

inline QByteArray readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace test_files
