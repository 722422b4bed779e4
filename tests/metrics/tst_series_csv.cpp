// The CSV of watched series: one row a point, quoted where a field needs it,
// values that read back to the same double, marked points as nan/inf, and the
// job-wide series with an empty rank.
#include "metrics/series_csv.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <sstream>

using namespace traindeck::metrics;

class TestSeriesCsv : public QObject {
    Q_OBJECT

private slots:
    void rowsFieldsAndValues() {
        Run run("exp \"a\", 7b");
        Series& loss = run.series("loss");
        run.append(loss, {0, 1700000000.1234, 0.1 + 0.2}, 0);
        run.append(loss, {1, 1700000001.5, std::numeric_limits<double>::quiet_NaN()}, 0);
        run.append(loss, {2, 1700000002, std::numeric_limits<double>::infinity()}, 0);
        Series& memory = run.series("gpu_mem_gb", 3);
        run.append(memory, {5, 1700000005, 1e-300}, 0);
        std::ostringstream out;
        writeSeriesCsv(out, everySeries({&run}));
        const QStringList lines = QString::fromStdString(out.str()).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 5);
        QCOMPARE(lines[0], QString("run,metric,rank,step,wall_time,value"));
        const QStringList rows = lines.mid(1);
        const QString name = "\"exp \"\"a\"\", 7b\"";  // RFC 4180: quoted, quotes doubled
        QVERIFY2(rows.contains(name + ",loss,,0,1700000000.123,0.30000000000000004"), qPrintable(rows.join('\n')));
        QVERIFY(rows.contains(name + ",loss,,1,1700000001.500,nan"));
        QVERIFY(rows.contains(name + ",loss,,2,1700000002.000,inf"));
        QVERIFY(rows.contains(name + ",gpu_mem_gb,3,5,1700000005.000,1e-300"));
        // The shortest text that reads back to the same double.
        QCOMPARE(std::stod(rows[rows.indexOf(QRegularExpression(".*,loss,,0,.*"))].section(',', -1).toStdString()),
                 0.1 + 0.2);
    }

    void savedWholeOrNotAtAll() {
        Run run("r");
        run.append(run.series("loss"), {0, 1, 2}, 0);
        QTemporaryDir dir;
        const QString path = dir.filePath("series.csv");
        QVERIFY(saveSeriesCsv(path.toStdString(), everySeries({&run})).empty());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("run,metric,rank,step,wall_time,value\nr,loss,,0,1.000,2\n"));
        const std::string error = saveSeriesCsv(dir.filePath("no/such/folder.csv").toStdString(), everySeries({&run})).english();
        QVERIFY2(QString::fromStdString(error).contains("cannot write"), error.c_str());
    }
};

QTEST_MAIN(TestSeriesCsv)
#include "tst_series_csv.moc"
