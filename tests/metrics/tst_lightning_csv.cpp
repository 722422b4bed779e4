// PyTorch Lightning's CSVLogger files (metrics.csv), chosen by the watch from the
// file's name: the fixtures as Lightning's writer saves them (fixtures/lightning,
// make_lightning_csv.py), a logdir of versions, a diverged run, the file followed
// while Lightning writes it again under a new header, and untrusted cells.
#include "metrics/cards.h"
#include "metrics/lightning_csv.h"
#include "metrics/summary.h"
#include "watch/watch.h"

#include <QtTest>

#include "test_files.h"
#include "watch_reading.h"

#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <vector>

using namespace traindeck::metrics;
using namespace traindeck::watch;
using test_files::readFile;

namespace {

const QString kLightning = QStringLiteral(FIXTURES "/lightning");

std::unique_ptr<Watch> watchOf(const QString& path) {
    auto w = std::make_unique<Watch>();
    traindeck::Text error;
    if (!w->add(path.toStdString(), error))
        qFatal("%s", error.english().c_str());
    readAll(*w);
    return w;
}

using Expected = std::map<std::string, std::vector<std::pair<std::int64_t, double>>>;

// The file's cells read here with Qt, apart from the reader: (step, value) per column.
// The fixtures quote nothing, so a comma is always a cell's end.
Expected expectedOf(const QByteArray& csv) {
    QList<QByteArray> lines = csv.split('\n');
    const QList<QByteArray> header = lines.takeFirst().trimmed().split(',');
    const qsizetype stepAt = header.indexOf("step");
    Expected out;
    for (const QByteArray& line : lines) {
        if (line.trimmed().isEmpty())
            continue;
        const QList<QByteArray> cells = line.trimmed().split(',');
        for (qsizetype i = 0; i < cells.size(); ++i)
            if (i != stepAt && !cells[i].isEmpty())
                out[header[i].toStdString()].emplace_back(cells[stepAt].toLongLong(), cells[i].toDouble());
    }
    return out;
}

bool same(double a, double b) { return std::isnan(a) ? std::isnan(b) : a == b; }

// The run holds exactly the expected points (later rows at a step replace earlier ones, as a series does).
void compare(const Run& run, const Expected& expected) {
    std::size_t series = 0;
    for (const auto& [key, s] : run.allSeries())
        series += key.second < 0;
    QCOMPARE(series, expected.size());
    for (const auto& [metric, cells] : expected) {
        const Series* s = run.find(metric);
        QVERIFY2(s, metric.c_str());
        std::vector<std::pair<std::int64_t, double>> points;
        for (const auto& [step, value] : cells)
            if (!points.empty() && points.back().first == step)
                points.back().second = value;
            else
                points.emplace_back(step, value);
        QCOMPARE(s->points().size(), points.size());
        for (std::size_t i = 0; i < points.size(); ++i) {
            QCOMPARE(s->points()[i].step, points[i].first);
            QVERIFY2(same(s->points()[i].value, points[i].second),
                     qPrintable(QString("%1 at %2").arg(QString::fromStdString(metric)).arg(points[i].first)));
        }
    }
    QVERIFY(!run.find("step"));  // the step column places the values; it is no series
}

}  // namespace

class TestLightningCsv : public QObject {
    Q_OBJECT
    QTemporaryDir tmp;

private slots:
    void csvLoggerFileAsLightningWritesIt() {
        const std::unique_ptr<Watch> w = watchOf(kLightning + "/version_0/metrics.csv");
        QCOMPARE(w->store().runs().size(), std::size_t(1));
        const Run& run = *w->store().runs()[0];
        QCOMPARE(run.name(), std::string("version_0"));  // named by its folder, as TensorBoard names a run
        compare(run, expectedOf(readFile(kLightning + "/version_0/metrics.csv")));
        QCOMPARE(run.find("val_loss")->points().size(), std::size_t(3));  // one validation per epoch
        QCOMPARE(run.find("grad_norm")->points().front().step, std::int64_t(79));  // from the second epoch on
        QCOMPARE(run.skippedLines, std::size_t(0));
        QCOMPARE(run.rejectedValues, std::size_t(0));
        QVERIFY(run.alarms().empty());
    }

    // Lightning logs a loss per step and per epoch ("train_loss_step", "train_loss_epoch",
    // on_step and on_epoch both set): the step's is the training loss of the summary and
    // of the Loss card, the epoch's mean is a card of its own; val_loss is the evaluation's.
    void stepLossIsTheTrainingLoss() {
        const std::unique_ptr<Watch> w = watchOf(kLightning + "/version_0");
        const Run& run = *w->store().runs()[0];
        QCOMPARE(findMetric(run, "loss"), run.find("train_loss_step"));
        const RunSummary summary = summarize(run);
        QVERIFY(summary.lastLoss.has_value());
        QCOMPARE(*summary.lastLoss, run.find("train_loss_step")->last().value);
        QCOMPARE(cardSeries(run, Card{CardKind::Loss}), (std::vector<const Series*>{run.find("train_loss_step")}));
        QCOMPARE(cardSeries(run, Card{CardKind::Eval}), (std::vector<const Series*>{run.find("val_loss")}));
    }

    // A Lightning root holds version_N folders: each is a run; other files are not runs.
    void logdirOfVersionsHasARunEach() {
        const std::unique_ptr<Watch> w = watchOf(kLightning);
        QStringList names;
        for (const auto& r : w->store().runs())
            names << QString::fromStdString(r->name());
        names.sort();
        QCOMPARE(names, (QStringList{"version_0", "version_1"}));
        QCOMPARE(w->files(), std::size_t(2));
    }

    // Lightning writes Python's str(nan): the loss's non-finite alarm, once, at the first one.
    void divergedRunRaisesTheNonFiniteLossAlarm() {
        const std::unique_ptr<Watch> w = watchOf(kLightning + "/version_1");
        const Run& run = *w->store().runs()[0];
        compare(run, expectedOf(readFile(kLightning + "/version_1/metrics.csv")));
        QCOMPARE(run.alarms().size(), std::size_t(1));
        QCOMPARE(run.alarms()[0].kind, AlarmKind::NonFiniteLoss);
        QCOMPARE(run.alarms()[0].step, std::int64_t(111));
        QCOMPARE(run.alarms()[0].metric, std::string("train_loss_step"));
        QCOMPARE(run.rejectedValues, std::size_t(0));  // NaN is a value, not an untrusted number
    }

    // The first validation's keys make Lightning write the whole file again, in place and
    // longer: a follower sees no truncation and reads on from the middle of a row (here
    // "63,0.98…,,": four cells, as many as the old header, but no step). The reader
    // notices, the watch reads the file again from its start, and nothing is doubled,
    // lost, miscounted or taken for a restart; then the file grows on, and is written
    // again under a third header.
    void followedThroughTheRewriteUnderANewHeader() {
        QVERIFY(QDir(tmp.path()).mkpath("logs/version_0"));
        const QString file = tmp.filePath("logs/version_0/metrics.csv");
        const QByteArray before = readFile(kLightning + "/before-first-validation.csv");
        const QByteArray rewritten = readFile(kLightning + "/first-validation.csv");
        const QByteArray last = readFile(kLightning + "/version_0/metrics.csv");
        QVERIFY(rewritten.size() > before.size() && !rewritten.startsWith(before));
        test_files::writeFile(file, before);  // truncated and written, as Lightning's open(path, "w"): the same file
        Watch w;
        traindeck::Text error;
        QVERIFY(w.add(tmp.filePath("logs").toStdString(), error));
        const auto readOn = [&] {
            while (w.poll(1 << 16, unixNow())) {
            }
        };
        readOn();
        const Run& run = *w.store().runs()[0];
        compare(run, expectedOf(before));
        for (const QByteArray& next : {rewritten, last}) {
            test_files::writeFile(file, next);
            readOn();
            compare(run, expectedOf(next));
            QVERIFY(run.alarms().empty());  // no Restarted: no step was read twice
            QCOMPARE(run.skippedLines, std::size_t(0));
            QCOMPARE(run.rejectedValues, std::size_t(0));
        }
    }

    // Every cell is untrusted: a step that is no whole number in [0, 2^53] drops its row,
    // a value that is no number is dropped; each is counted, the rows around them read.
    void untrustedCellsAreSkippedAndCounted() {
        QVERIFY(QDir(tmp.path()).mkpath("hostile"));
        const QString file = tmp.filePath("hostile/metrics.csv");
        test_files::writeFile(file, "epoch,train_loss,step\r\n"
                           "0,0.5,0\r\n"
                           "0,0.4,1e30\r\n"           // no step
                           "0,0.4,-3\r\n"             // no step
                           "0,0.4,2.5\r\n"            // no step
                           "0,abc,3\r\n"              // no number: the epoch is read
                           "1,\"0.3\",4\r\n"          // quoted, as csv may write any cell
                           "1,0.2\r\n"                // a cell short: malformed
                           "1,1e400,5\r\n"            // beyond a double
                           "1,\"a,\"\"b\"\"\r\nc\",6\r\n"  // a quoted cell with a comma, quotes and a line break
                           "1,inf,7\r\n"
                           "1,0.1,8");                // the last row, no line end yet
        const std::unique_ptr<Watch> w = watchOf(tmp.filePath("hostile"));
        const Run& run = *w->store().runs()[0];
        QCOMPARE(run.rejectedValues, std::size_t(6));  // 1e30, -3, 2.5, abc, 1e400, the quoted text
        QCOMPARE(run.skippedLines, std::size_t(1));
        const Series* loss = run.find("train_loss");
        QCOMPARE(loss->points().size(), std::size_t(4));
        QCOMPARE(loss->points()[0].step, std::int64_t(0));
        QCOMPARE(loss->points()[1].step, std::int64_t(4));
        QCOMPARE(loss->points()[1].value, 0.3);
        QCOMPARE(loss->points()[2].step, std::int64_t(7));
        QVERIFY(std::isinf(loss->points()[2].value));
        QCOMPARE(loss->points()[3].step, std::int64_t(8));
        QCOMPARE(run.find("epoch")->points().size(), std::size_t(7));  // steps 0, 3, 4, 5, 6, 7, 8
        QCOMPARE(run.alarms().size(), std::size_t(1));
        QCOMPARE(run.alarms()[0].kind, AlarmKind::NonFiniteLoss);
    }

    // Without a step column the rows have nowhere to go: skipped, counted, nothing made up.
    void noStepColumnIsNoCsvLoggerFile() {
        Run run("other");
        LightningCsvReader reader(run);
        reader.feed("epoch,loss\n0,0.5\n1,0.4\n", 1.0);
        QCOMPARE(run.skippedLines, std::size_t(2));
        QVERIFY(run.allSeries().empty());
        QCOMPARE(reader.rows(), std::size_t(0));
    }
};

QTEST_APPLESS_MAIN(TestLightningCsv)
#include "tst_lightning_csv.moc"
