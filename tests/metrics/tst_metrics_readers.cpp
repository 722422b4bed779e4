// Every reader on real files: TensorBoard's own writers (compared with what
// TensorBoard's EventAccumulator read from the same files), the real trainer's
// JSON lines with 2 processes and a diverging run, users' log lines and Hugging
// Face dicts; truncated, corrupted, growing, truncated-in-place and replaced files.
#include "metrics/metrics_line.h"
#include "metrics/summary.h"
#include "watch/watch.h"
#include "plan/run_speed.h"

#include <QtTest>

#include "trainer_env.h"
#include "watch_reading.h"

#include <cmath>
#include <fstream>

using namespace traindeck::metrics;
using namespace traindeck::watch;

namespace {

const QString kTb = QStringLiteral(FIXTURES "/tensorboard");

Watch* watchOf(const QStringList& paths) {
    auto* w = new Watch;
    for (const QString& p : paths) {
        traindeck::Text error;
        if (!w->add(p.toStdString(), error))
            qFatal("%s", error.english().c_str());
    }
    readAll(*w);
    return w;
}

// tensorboard_reads.json holds NaN and Infinity as bare tokens (Python's json): quote them for Qt.
QJsonObject tensorboardReads() {
    QFile f(kTb + "/tensorboard_reads.json");
    if (!f.open(QIODevice::ReadOnly))
        qFatal("no tensorboard_reads.json");
    QByteArray text = f.readAll();
    text.replace("-Infinity", "\"-inf\"").replace("Infinity", "\"inf\"").replace("NaN", "\"nan\"");
    return QJsonDocument::fromJson(text).object();
}

double jsonNumber(const QJsonValue& v) {
    if (v.isString())
        return v.toString() == "nan" ? std::nan("") : v.toString() == "inf" ? INFINITY : -INFINITY;
    return v.toDouble();
}

bool same(double a, double b) {
    if (std::isnan(a) || std::isnan(b))
        return std::isnan(a) && std::isnan(b);
    if (std::isinf(a) || std::isinf(b))
        return a == b;
    return std::abs(a - b) <= 1e-12 * std::max(1.0, std::abs(b));
}

// Our series against TensorBoard's list of [step, wall_time, value].
void compareWithTensorBoard(const Series& s, const QJsonArray& expected) {
    QCOMPARE(s.points().size(), std::size_t(expected.size()));
    for (qsizetype i = 0; i < expected.size(); ++i) {
        const QJsonArray e = expected[i].toArray();
        const Point& p = s.points()[std::size_t(i)];
        QCOMPARE(p.step, std::int64_t(e[0].toDouble()));
        QCOMPARE(p.wallTime, e[1].toDouble());
        QVERIFY2(same(p.value, jsonNumber(e[2])), qPrintable(QString("%1 at %2: %3 vs %4").arg(QString::fromStdString(s.metric())).arg(p.step).arg(p.value).arg(jsonNumber(e[2]))));
    }
}

QByteArray readFile(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

void writeFile(const QString& path, const QByteArray& bytes, QIODevice::OpenMode mode = QIODevice::WriteOnly) {
    QFile f(path);
    if (!f.open(mode) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

QString onlyEventFile(const QString& dir) {
    return dir + "/" + QDir(dir).entryList({"events.out.tfevents.*"}, QDir::Files).value(0);
}

// The real trainer, `nproc` processes on the Gloo backend, its metrics in `file`.
int runTrainer(const QString& file, const QStringList& extra) {
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    p.setStandardOutputFile(QProcess::nullDevice());
    p.setProcessEnvironment(trainerEnvironment());
    p.start(TRAINER_BINARY, QStringList{"--frames", "2", "--height", "32", "--width", "32", "--log-every", "1",
                                        "--nproc-per-node", "2", "--metrics-file", file} + extra);
    if (!p.waitForFinished(60000))
        qFatal("the trainer did not finish");
    return p.exitCode();
}

}  // namespace

class TestMetricsReaders : public QObject {
    Q_OBJECT
    QTemporaryDir tmp;
    QJsonObject tb = tensorboardReads();

private slots:
    void tensorBoardScalarsAsTensorBoardReadsThem_data() {
        QTest::addColumn<QString>("run");
        for (const char* run : {"simple", "tensor_float", "tensor_encodings", "logdir/loss_eval", "logdir/loss_train"})
            QTest::newRow(run) << QString(run);
    }
    void tensorBoardScalarsAsTensorBoardReadsThem() {
        QFETCH(QString, run);
        std::unique_ptr<Watch> w(watchOf({kTb + "/" + run}));
        QCOMPARE(w->store().runs().size(), std::size_t(1));
        const Run& r = *w->store().runs()[0];
        const QJsonObject expected = tb[run].toObject();
        QCOMPARE(r.allSeries().size(), std::size_t(expected.size()));
        for (const QString& tag : expected.keys()) {
            const Series* s = r.find(tag.toStdString());
            QVERIFY2(s, qPrintable(tag));
            compareWithTensorBoard(*s, expected[tag].toArray());
        }
        QVERIFY(r.readProblems.empty());
    }

    void nanAndInfLossRaiseOneAlarm() {
        std::unique_ptr<Watch> w(watchOf({kTb + "/simple"}));
        const Run& r = *w->store().runs()[0];
        QCOMPARE(r.alarms().size(), std::size_t(1));
        QCOMPARE(r.alarms()[0].kind, AlarmKind::NonFiniteLoss);
        QCOMPARE(r.alarms()[0].step, std::int64_t(50));
        QCOMPARE(r.find("train/loss")->nonFinite(), std::size_t(2));
    }

    void logdirHasARunPerFolder() {
        std::unique_ptr<Watch> w(watchOf({kTb + "/logdir"}));
        QStringList names;
        for (const auto& r : w->store().runs())
            names << QString::fromStdString(r->name());
        names.sort();
        // The logdir's own file holds only the file version: a run with nothing to plot, as in TensorBoard.
        QCOMPARE(names, (QStringList{"logdir", "loss_eval", "loss_train"}));
        QVERIFY(tb["logdir"].toObject().isEmpty());
    }

    void restartLaterEventsWin() {
        // TensorBoard's EventAccumulator keeps both copies of steps 20–29 (its purge of orphaned data
        // runs on a SessionLog START, which SummaryWriter does not write): we keep the later ones,
        // and say so with a Restarted alarm at step 20.
        std::unique_ptr<Watch> w(watchOf({kTb + "/restart"}));
        const Run& r = *w->store().runs()[0];
        const QJsonArray all = tb["restart"].toObject()["loss"].toArray();
        QCOMPARE(all.size(), 50);
        QJsonArray later;
        for (qsizetype i = 0; i < all.size(); ++i)
            if (!(i < 30 && all[i].toArray()[0].toInt() >= 20))
                later.append(all[i]);
        compareWithTensorBoard(*r.find("loss"), later);
        QCOMPARE(r.alarms().size(), std::size_t(1));
        QCOMPARE(r.alarms()[0].kind, AlarmKind::Restarted);
        QCOMPARE(r.alarms()[0].step, std::int64_t(20));
        QVERIFY(!r.failing());
    }

    void eventFileGrowingAndCutMidRecord() {
        const QByteArray whole = readFile(onlyEventFile(kTb + "/simple"));
        const QString path = tmp.filePath("grow/events.out.tfevents.1.host");
        QDir().mkpath(tmp.filePath("grow"));
        writeFile(path, whole.left(whole.size() / 2 + 7));  // ends inside a record
        Watch w;
        traindeck::Text error;
        QVERIFY(w.add(path.toStdString(), error));
        while (w.poll(1 << 16, unixNow())) {
        }
        const Run& r = *w.store().runs()[0];
        const std::size_t half = r.find("train/loss")->points().size();
        QVERIFY(half > 10 && half < 52);
        QVERIFY(r.readProblems.empty());  // a partial record waits: no error
        writeFile(path, whole.mid(whole.size() / 2 + 7), QIODevice::Append);
        readAll(w);
        compareWithTensorBoard(*r.find("train/loss"), tb["simple"].toObject()["train/loss"].toArray());
        QVERIFY(r.readProblems.empty());
    }

    void corruptedEventFiles() {
        const QByteArray whole = readFile(onlyEventFile(kTb + "/tensor_float"));
        // The second record's data (after the file-version record): flip a byte in its payload.
        const auto le64 = [&](qsizetype at) { quint64 v; std::memcpy(&v, whole.constData() + at, 8); return qsizetype(v); };
        const qsizetype second = 12 + le64(0) + 4;
        QByteArray badData = whole;
        badData[second + 12 + 3] = char(badData[second + 12 + 3] ^ 0x20);
        QDir().mkpath(tmp.filePath("bad1"));
        writeFile(tmp.filePath("bad1/events.out.tfevents.1.x"), badData);
        {
            std::unique_ptr<Watch> w(watchOf({tmp.filePath("bad1")}));
            const Run& r = *w->store().runs()[0];
            QCOMPARE(r.find("loss")->points().size(), std::size_t(19));  // that one record is skipped
            QCOMPARE(r.find("loss")->points()[0].step, std::int64_t(1));
            QCOMPARE(r.readProblems.size(), std::size_t(1));
            QVERIFY(QString::fromStdString(r.readProblems[0].english()).contains("1 records failed their CRC-32C"));
        }
        QByteArray badLength = whole;
        badLength[second + 1] = char(badLength[second + 1] ^ 0x01);
        QDir().mkpath(tmp.filePath("bad2"));
        writeFile(tmp.filePath("bad2/events.out.tfevents.1.x"), badLength);
        {
            std::unique_ptr<Watch> w(watchOf({tmp.filePath("bad2")}));
            const Run& r = *w->store().runs()[0];
            QVERIFY(!r.find("loss"));  // nothing after a lost framing is trusted
            QCOMPARE(r.readProblems.size(), std::size_t(1));
            QVERIFY(QString::fromStdString(r.readProblems[0].english()).contains(QString("at byte %1 fails").arg(second)));
        }
    }

    void trainerTwoProcesses() {
        const QString file = tmp.filePath("trainer.jsonl");
        QCOMPARE(runTrainer(file, {"--steps", "30", "--eval-every", "10"}), 0);
        std::unique_ptr<Watch> w(watchOf({file}));
        const Run& r = *w->store().runs()[0];
        QCOMPARE(QString::fromStdString(r.name()), QString("trainer"));
        QCOMPARE(r.info.worldSize, 2);
        QCOMPARE(r.info.gpusPerNode, 2);
        QCOMPARE(r.lastStep(), std::int64_t(29));
        QCOMPARE(r.skippedLines, std::size_t(0));
        QVERIFY(r.end && r.end->status == "completed");
        // Every step event's loss, as Qt's own JSON parser reads the same lines.
        std::vector<double> losses;
        for (const QByteArray& line : readFile(file).split('\n')) {
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            if (o["event"] == "step")
                losses.push_back(o["loss"].toDouble());
        }
        const Series* loss = r.find("loss");
        QCOMPARE(loss->points().size(), losses.size());
        for (std::size_t i = 0; i < losses.size(); ++i)
            QCOMPARE(loss->points()[i].value, losses[i]);
        QCOMPARE(r.find("step_time_s", 0)->points().size(), std::size_t(30));
        QCOMPARE(r.find("step_time_s", 1)->points().size(), std::size_t(30));
        QCOMPARE(r.find("eval_loss")->points().size(), std::size_t(3));
        const RunSummary s = summarize(r);
        QVERIFY(s.steadySamplesPerS > 0);
        QVERIFY(s.ranks && (s.ranks->slowestRank == 0 || s.ranks->slowestRank == 1));
        QVERIFY(s.bestLoss && s.bestLoss->value <= losses.front());
        QVERIFY(!r.failing());
    }

    void divergingTrainerRaisesTheAlarms() {
        const QString file = tmp.filePath("diverge.jsonl");
        QCOMPARE(runTrainer(file, {"--steps", "20", "--lr", "1e30", "--warmup", "0"}), 1);
        std::unique_ptr<Watch> w(watchOf({file}));
        const Run& r = *w->store().runs()[0];
        QVERIFY(r.failing());
        QSet<AlarmKind> kinds;
        for (const Alarm& a : r.alarms())
            kinds.insert(a.kind);
        QVERIFY(kinds.contains(AlarmKind::NonFiniteLoss));
        QVERIFY(kinds.contains(AlarmKind::RankError));
        QVERIFY(kinds.contains(AlarmKind::Failed));
        const Series* loss = r.find("loss");
        QVERIFY(loss->nonFinite() >= 1);
        QVERIFY(std::isnan(loss->last().value));  // kept as a marked point, not dropped
    }

    void textFileGrowingTruncatedAndReplaced() {
        const QString file = tmp.filePath("live.jsonl");
        const QByteArray a = R"({"v":1,"event":"step","time":1.0,"step":0,"loss":0.5})" "\n";
        const QByteArray b = R"({"v":1,"event":"step","time":2.0,"step":1,"loss":0.4})" "\n";
        writeFile(file, a + b.left(20));  // the second line is still being written
        Watch w;
        traindeck::Text error;
        QVERIFY(w.add(file.toStdString(), error));
        w.poll(1 << 20, unixNow());
        const Run& r = *w.store().runs()[0];
        QCOMPARE(r.find("loss")->points().size(), std::size_t(1));
        QCOMPARE(r.skippedLines, std::size_t(0));
        writeFile(file, b.mid(20), QIODevice::Append);
        w.poll(1 << 20, unixNow());
        QCOMPARE(r.find("loss")->points().size(), std::size_t(2));
        // Truncated in place and rewritten from step 0: a restart, later events win.
        writeFile(file, R"({"v":1,"event":"step","time":3.0,"step":0,"loss":0.9})" "\n");
        w.poll(1 << 20, unixNow());
        QCOMPARE(r.find("loss")->points().size(), std::size_t(1));
        QCOMPARE(r.find("loss")->last().value, 0.9);
        // Replaced (a new file renamed over it, as log rotation does).
        const QString next = tmp.filePath("next.jsonl");
        writeFile(next, R"({"v":1,"event":"step","time":4.0,"step":0,"loss":0.7})" "\n" R"({"v":1,"event":"step","time":5.0,"step":1,"loss":0.6})" "\n");
        QVERIFY(::rename(next.toLocal8Bit(), file.toLocal8Bit()) == 0);
        w.poll(1 << 20, unixNow());
        QCOMPARE(r.find("loss")->points().size(), std::size_t(2));
        QCOMPARE(r.find("loss")->last().value, 0.6);
    }

    // TrainDeck's own lines in a run's output (job.sbatch's watch hint, the launcher's
    // markers) are neither data nor lines the reader failed to read.
    void traindecksOwnLinesAreNotSkipped() {
        const QString file = tmp.filePath("node-0.out");
        writeFile(file,
                  "traindeck: watch this job with: traindeck watch --follow ssh://login/runs/r/files/td-12.out\n"
                  R"({"v":1,"event":"step","time":1,"step":0,"loss":0.5})" "\n"
                  "traindeck launch: job 12 was requeued by Slurm and will start again (restart 1)\n"
                  R"({"v":1,"event":"step","time":2,"step":1,"loss":0.4})" "\n"
                  "traindeck-trainer: not ours to skip\n");
        std::unique_ptr<Watch> w(watchOf({file}));
        const Run& r = *w->store().runs()[0];
        QCOMPARE(r.skippedLines, std::size_t(1));  // only the last: a line of another program's
        QCOMPARE(r.find("loss")->points().size(), std::size_t(2));
    }

    void protocolRulesOnOddLines() {
        const QString file = tmp.filePath("odd.jsonl");
        writeFile(file,
                  "starting the job...\n"                                                       // a stray log line
                  R"({"v":1,"event":"step","time":1,"step":0,"loss":0.5,"future_key":[1,2]})" "\n"  // unknown key
                  R"({"v":1,"event":"telemetry","time":1,"watts":300})" "\n"                    // unknown event
                  R"({"v":1,"event":"step","time":2,"step":1,"loss":null,"nonfinite":["loss"]})" "\n"
                  R"({"v":1,"event":"step","time":3,"step":2,"loss":null})" "\n"               // null not listed: no point
                  "{\"v\":1,\"event\":\"step\",\"time\":4,\"step\":3,\"lo\n"                    // a broken line
                  "\n");
        std::unique_ptr<Watch> w(watchOf({file}));
        const Run& r = *w->store().runs()[0];
        QCOMPARE(r.skippedLines, std::size_t(2));
        const Series* loss = r.find("loss");
        QCOMPARE(loss->points().size(), std::size_t(2));
        QVERIFY(std::isnan(loss->points()[1].value));
        QCOMPARE(r.alarms().size(), std::size_t(1));
        QCOMPARE(r.alarms()[0].kind, AlarmKind::NonFiniteLoss);
    }

    void outOfRangeNumbersAreSkippedAndCounted() {
        // Every number from a file is untrusted: none of these may become a point, a
        // rank or an allocation; each is counted, and the good lines around them are read.
        const QString file = tmp.filePath("hostile.jsonl");
        QByteArray longList = R"({"v":1,"event":"step","time":3,"step":2,"loss":null,"nonfinite":["loss")";
        for (int i = 0; i < 100000; ++i)
            longList += ",\"x\"";
        longList += "]}";
        writeFile(file,
                  R"({"v":1,"event":"step","time":1,"step":0,"loss":0.5})" "\n"
                  R"({"v":1,"event":"step","time":2,"step":1e30,"loss":0.4})" "\n"           // 1e30: not a step
                  R"({"v":1,"event":"step","time":2,"step":-3,"loss":0.4})" "\n"
                  R"({"v":1,"event":"step","time":-5,"step":1,"loss":0.4})" "\n"            // a negative time
                  R"({"v":1,"event":"rank","time":2,"rank":1e12,"step":1,"step_time_s":0.2})" "\n"
                  R"({"v":1,"event":"start","time":1,"world_size":1e300,"nodes":-2,"total_steps":1e30})" "\n" +
                      longList + "\n" +
                      R"({"v":1,"event":"step","time":4,"step":3,"loss":0.3,"big":[)" + QByteArray(1 << 20, '1').replace("11", "1,") + "1]}\n");
        std::unique_ptr<Watch> w(watchOf({file}));
        const Run& r = *w->store().runs()[0];
        QCOMPARE(r.rejectedValues, std::size_t(4));  // the step of 1e30, -3, the time -5, the rank 1e12
        const Series* loss = r.find("loss");
        QCOMPARE(loss->points().size(), std::size_t(3));
        QCOMPARE(loss->points()[0].step, std::int64_t(0));
        QVERIFY(std::isnan(loss->points()[1].value));  // a list of 100,001 names: its first ones are read, the rest skipped
        QCOMPARE(loss->points()[2].step, std::int64_t(3));
        QCOMPARE(r.lastStep(), std::int64_t(3));
        QCOMPARE(r.info.worldSize, 0);
        QCOMPARE(r.info.totalSteps, std::int64_t(0));
        for (const auto& [key, series] : r.allSeries())
            QVERIFY(key.second < 0);  // no rank 10^12
    }

    void pythonNanTokensAreNonFinite() {
        // What Python's json.dumps writes for float('nan') and float('inf'): the alarm a user needs.
        const QString file = tmp.filePath("python.jsonl");
        writeFile(file,
                  R"({"v": 1, "event": "step", "time": 1.0, "step": 0, "loss": 0.5, "my_ratio": Infinity})" "\n"
                  R"({"v": 1, "event": "step", "time": 2.0, "step": 1, "loss": NaN, "note": "NaN stays text", "my_ratio": -Infinity})" "\n");
        std::unique_ptr<Watch> w(watchOf({file}));
        const Run& r = *w->store().runs()[0];
        QCOMPARE(r.skippedLines, std::size_t(0));
        QVERIFY(std::isnan(r.find("loss")->points()[1].value));
        QVERIFY(r.failing());
        QCOMPARE(r.alarms()[0].kind, AlarmKind::NonFiniteLoss);
        QCOMPARE(r.alarms()[0].step, std::int64_t(1));
        QCOMPARE(r.find("my_ratio")->points()[0].value, INFINITY);
        QCOMPARE(r.find("my_ratio")->points()[1].value, -INFINITY);
        QVERIFY(!r.find("note"));
    }

    void usersOwnScalarsGetSeries() {
        const QString file = tmp.filePath("own.jsonl");
        writeFile(file,
                  R"({"v":1,"event":"step","time":1,"step":0,"loss":0.5,"data_time_s":0.02,"tokens_per_s":1000,"kl":null,"nonfinite":["kl"]})" "\n"
                  R"({"v":1,"event":"rank","time":1,"rank":1,"step":0,"step_time_s":0.2,"host_mem_gb":3.5})" "\n"
                  R"({"v":1,"event":"eval","time":1,"step":0,"loss":0.6,"accuracy":0.9})" "\n");
        std::unique_ptr<Watch> w(watchOf({file}));
        const Run& r = *w->store().runs()[0];
        QCOMPARE(r.find("data_time_s")->last().value, 0.02);
        QCOMPARE(r.find("tokens_per_s")->last().value, 1000.0);
        QVERIFY(std::isnan(r.find("kl")->last().value));
        QCOMPARE(r.find("host_mem_gb", 1)->last().value, 3.5);
        QCOMPARE(r.find("eval_accuracy")->last().value, 0.9);
        QVERIFY(!r.find("v") && !r.find("time") && !r.find("step"));
    }

    void steadySpeedIsOneDefinition() {
        // The real trainer's file: `traindeck watch`, the Watch page (runSpeedOf on the
        // watched run) and `plan --calibrate-from` (readRunSpeed) give one number.
        const QString file = QStringLiteral(FIXTURES "/trainer/trainer.jsonl");
        std::unique_ptr<Watch> w(watchOf({file}));
        const Run& run = *w->store().runs()[0];
        QCOMPARE(run.info.warmupSteps, std::int64_t(10));
        traindeck::Text error;
        const auto fromFile = traindeck::readRunSpeed(file.toStdString(), error);
        QVERIFY2(fromFile, error.english().c_str());
        const auto fromWatch = traindeck::runSpeedOf(run, run.name(), error);
        QVERIFY(fromWatch);
        QCOMPARE(fromWatch->calibration.value, fromFile->calibration.value);
        QCOMPARE(fromWatch->stepsUsed, fromFile->stepsUsed);
        QCOMPARE(fromFile->firstStep, 10L);  // after the LR warm-up's 10 steps
        QVERIFY(std::abs(summarize(run).steadySamplesPerS - fromFile->calibration.value) <= 1e-5 * fromFile->calibration.value);
        // By hand: the median of samples_per_s over steps 10..29.
        std::vector<double> v;
        for (const Point& p : run.find("samples_per_s")->points())
            if (p.step >= 10)
                v.push_back(p.value);
        std::sort(v.begin(), v.end());
        QCOMPARE(v.size(), std::size_t(20));
        QVERIFY(std::abs((v[9] + v[10]) / 2 - fromFile->calibration.value) <= 1e-5 * fromFile->calibration.value);
    }

    void oneLineApi() {
        const auto step = readMetricsLine(R"({"v":1,"event":"step","time":5,"step":7,"loss":NaN,"my_metric":2,"kl":null,"nonfinite":["kl"]})");
        QVERIFY(step);
        QCOMPARE(QString::fromStdString(step->event), QString("step"));
        QCOMPARE(*step->step, std::int64_t(7));
        QVERIFY(std::isnan(*step->value("loss")));
        QCOMPARE(*step->value("my_metric"), 2.0);
        QVERIFY(std::isnan(*step->value("kl")));
        const auto rank = readMetricsLine(R"({"v":1,"event":"rank","time":5,"rank":3,"node":1,"step":7,"step_time_s":0.2})");
        QCOMPARE(*rank->rank, 3);
        QCOMPARE(*rank->node, 1);
        QVERIFY(!readMetricsLine(R"({"v":1,"event":"step","time":5,"step":1e30})"));  // out of range: not taken
        QVERIFY(!readMetricsLine("Step 1 | Loss: 0.5"));
        QVERIFY(!readMetricsLine(R"({"event":"step"})"));  // no "v": not the protocol's
    }

    void usersLogLinesAndHuggingFaceDicts() {
        const QString plain = tmp.filePath("user-script.log");
        writeFile(plain,
                  "Loading data from /data/clips ...\n"
                  "Step 100/100000 | Loss: 0.12 | PSNR: 20.5 dB | GPU: 45GB | 0.9 steps/sec\n"
                  "[2026-11-22 10:00:01] Step 200/100000 | Loss: 0.10 | PSNR: 21.0 dB | GPU: 46080MB | 1.1 steps/sec\n"
                  "Step 300/100000 | Loss: nan | PSNR: 0 dB | GPU: 45GB | 1.0 steps/sec\n");
        std::unique_ptr<Watch> w(watchOf({plain}));
        const Run& r = *w->store().runs()[0];
        QCOMPARE(QString::fromStdString(r.name()), QString("user-script"));
        QCOMPARE(r.skippedLines, std::size_t(1));
        QCOMPARE(r.info.totalSteps, std::int64_t(100000));
        QCOMPARE(r.find("loss")->points().size(), std::size_t(3));
        QCOMPARE(r.find("loss")->points()[1].step, std::int64_t(200));
        QCOMPARE(r.find("psnr")->points()[1].value, 21.0);
        QCOMPARE(r.find("gpu_mem_gb")->points()[0].value, 45.0);
        QCOMPARE(r.find("gpu_mem_gb")->points()[1].value, 45.0);  // 46080 MB
        QCOMPARE(r.find("steps_per_s")->points()[1].value, 1.1);
        QVERIFY(r.failing());  // the NaN loss at step 300
        QCOMPARE(r.alarms()[0].step, std::int64_t(300));

        const QString hf = tmp.filePath("hf.log");
        writeFile(hf,
                  "{'loss': 0.1234, 'grad_norm': 0.8, 'learning_rate': 9.5e-05, 'epoch': 0.12}\n"
                  " 10%|█         | 10/100 [00:01<00:09,  9.50it/s]\n"
                  "{'loss': 0.1001, 'grad_norm': 0.7, 'learning_rate': 9e-05, 'epoch': 0.24}\n"
                  "{'eval_loss': 0.2, 'eval_runtime': 1.5, 'eval_samples_per_second': 100.0, 'epoch': 0.24}\n"
                  "{'train_runtime': 12.5, 'train_samples_per_second': 80.0, 'train_loss': 0.11, 'epoch': 0.24}\n");
        std::unique_ptr<Watch> h(watchOf({hf}));
        const Run& hr = *h->store().runs()[0];
        QCOMPARE(hr.find("loss")->points().size(), std::size_t(2));
        QCOMPARE(hr.find("lr")->points()[1].value, 9e-05);
        QCOMPARE(hr.find("eval_loss")->points()[0].step, std::int64_t(2));  // belongs to the latest logging step
        QCOMPARE(hr.skippedLines, std::size_t(1));  // the progress bar
    }

    void badSources() {
        Watch w;
        traindeck::Text error;
        QVERIFY(!w.add(tmp.filePath("no-such-file").toStdString(), error));
        QVERIFY(QString::fromStdString(error.english()).contains("no such file or folder"));
        QDir().mkpath(tmp.filePath("empty"));
        QVERIFY(!w.add(tmp.filePath("empty").toStdString(), error));
        QVERIFY(QString::fromStdString(error.english()).contains("no run found"));
    }

    void runFolderOfTheLauncher() {
        // Written exactly as run-folder.md describes: node-<i>.out with the trainer's lines, launch.jsonl.
        const QString dir = tmp.filePath("runs/job-20261122T100000Z-ab12");
        QDir().mkpath(dir);
        writeFile(dir + "/plan.yaml", "name: job\n");
        writeFile(dir + "/hosts", "node-a\nnode-b\n");
        writeFile(dir + "/node-0.out",
                  R"({"v":1,"event":"start","time":1,"run_id":"job-1","world_size":4,"nodes":2,"gpus_per_node":2,"backend":"gloo","precision":"fp32","model":{"preset":"tiny","parameters":1},"effective_batch":32,"micro_batch":8,"grad_accum":1,"total_steps":2,"resumed_from_step":null})" "\n"
                  R"({"v":1,"event":"step","time":2,"step":0,"loss":0.5,"samples_per_s":100})" "\n"
                  R"({"v":1,"event":"rank","time":2,"rank":0,"node":0,"step":0,"step_time_s":0.2})" "\n");
        writeFile(dir + "/node-1.out", R"({"v":1,"event":"rank","time":2,"rank":2,"node":1,"step":0,"step_time_s":0.3})" "\n");
        writeFile(dir + "/node-0.err", "warning: something\n");
        // As core/launch's RunFolder writes it: "node" is the index, an exit status is a number.
        writeFile(dir + "/launch.jsonl",
                  R"({"v":1,"time":1,"event":"node","node":0,"host":"node-a","state":"exited","status":0})" "\n"
                  R"({"v":1,"time":1,"event":"node","node":1,"host":"node-b","state":"lost","message":"ssh: connection reset"})" "\n"
                  R"({"v":1,"time":3,"event":"end","status":"failed","first_failure":{"node":1,"message":"node-b lost"}})" "\n");
        for (const QString& source : {dir, tmp.filePath("runs")}) {  // the folder itself, and a folder of runs
            std::unique_ptr<Watch> w(watchOf({source}));
            QCOMPARE(w->store().runs().size(), std::size_t(1));
            const Run& r = *w->store().runs()[0];
            QCOMPARE(QString::fromStdString(r.name()), QString("job-20261122T100000Z-ab12"));
            QCOMPARE(r.info.nodes, 2);
            QVERIFY(r.find("step_time_s", 2));
            QVERIFY(r.end && r.end->status == "failed");
            QVERIFY(r.failing());
            int lost = 0;
            for (const Alarm& a : r.alarms()) {
                QVERIFY2(a.rank != -1 || a.kind != AlarmKind::NodeLost, qPrintable(QString::fromStdString(a.text().english())));
                QVERIFY2(a.step != -1, qPrintable(QString::fromStdString(a.text().english())));  // the steps were read before the end
                lost += a.kind == AlarmKind::NodeLost && a.rank == 1;
            }
            QCOMPARE(lost, 2);  // the node's state, and the end's first failure naming it
            QCOMPARE(r.end->step, std::int64_t(0));
        }
    }

    void relaunchedRunFolderShowsTheRestart() {
        // Two attempts in one folder, written as core/launch writes them (run-folder.md):
        // the second attempt's part of node-0.out begins with its marker, every
        // launch.jsonl line has its attempt. Attempt 1 lost a node after step 4;
        // attempt 2 resumed from step 3 and completed.
        const QString dir = tmp.filePath("runs-relaunched/job-20261125T100000Z-ef56");
        QDir().mkpath(dir);
        QByteArray out = R"({"v":1,"event":"start","time":1,"run_id":"job","world_size":2,"nodes":2,"gpus_per_node":1,"total_steps":10})" "\n";
        for (int i = 0; i <= 4; ++i)
            out += R"({"v":1,"event":"step","time":)" + QByteArray::number(2 + i) + R"(,"step":)" + QByteArray::number(i) + R"(,"loss":1})" "\n";
        out += R"({"attempt":2,"event":"attempt","time":20,"v":1})" "\n";
        out += R"({"v":1,"event":"start","time":21,"run_id":"job","world_size":2,"nodes":2,"gpus_per_node":1,"total_steps":10,"resumed_from_step":3})" "\n";
        for (int i = 3; i <= 8; ++i)
            out += R"({"v":1,"event":"step","time":)" + QByteArray::number(22 + i) + R"(,"step":)" + QByteArray::number(i) + R"(,"loss":0.5})" "\n";
        out += R"({"v":1,"event":"end","time":40,"step":9,"status":"completed","seconds":19})" "\n";
        writeFile(dir + "/node-0.out", out);
        writeFile(dir + "/launch.jsonl",
                  R"({"attempt":1,"dry_run":false,"event":"attempt","run_id":"job","time":1,"v":1})" "\n"
                  R"({"attempt":1,"event":"node","host":"node-b","node":1,"state":"lost","message":"connection reset","time":7,"v":1})" "\n"
                  R"({"attempt":1,"event":"end","first_failure":{"message":"node 1 (node-b) lost","node":1},"status":"failed","time":8,"v":1})" "\n"
                  R"({"attempt":2,"dry_run":false,"event":"attempt","run_id":"job","time":20,"v":1})" "\n"
                  R"({"attempt":2,"event":"end","status":"completed","time":41,"v":1})" "\n");
        std::unique_ptr<Watch> w(watchOf({dir}));
        QCOMPARE(w->store().runs().size(), std::size_t(1));
        const Run& r = *w->store().runs()[0];
        QCOMPARE(r.attempt(), 2);
        QCOMPARE(r.restarts().size(), std::size_t(1));
        const Restart& restart = r.restarts()[0];
        QCOMPARE(restart.attempt, 2);
        QCOMPARE(restart.afterStep, std::int64_t(4));
        QCOMPARE(QString::fromStdString(restart.previousEnd), QString("failed: node 1 (node-b) lost"));
        QVERIFY(r.end && r.end->status == "completed");
        QVERIFY(!r.failing());  // the failed attempt is history, the run completed
        const RunSummary s = summarize(r);
        QCOMPARE(s.lastStep, std::int64_t(9));  // the end's step, after the last one logged (8)
        QCOMPARE(s.endStatus, std::string("completed"));
        bool marked = false;
        for (const Alarm& a : r.alarms()) {
            QVERIFY2(a.step != -1, qPrintable(QString::fromStdString(a.text().english())));
            if (a.kind == AlarmKind::Relaunched) {
                marked = true;
                QCOMPARE(a.step, std::int64_t(4));
                QCOMPARE(QString::fromStdString(a.text().english()),
                         QString("attempt 2 began after step 4 (the attempt before: failed: node 1 (node-b) lost)"));
            }
        }
        QVERIFY(marked);
    }

    void startAfterEndIsARestart() {
        // One metrics file written twice (a job relaunched into it): the second
        // start after the first end is attempt 2, and the run is running again.
        const QString file = tmp.filePath("twice.jsonl");
        writeFile(file, R"({"v":1,"event":"start","time":1,"total_steps":4})" "\n"
                        R"({"v":1,"event":"step","time":2,"step":0,"loss":1})" "\n"
                        R"({"v":1,"event":"step","time":3,"step":2,"loss":0.9})" "\n"
                        R"({"v":1,"event":"end","time":4,"step":3,"status":"interrupted"})" "\n"
                        R"({"v":1,"event":"start","time":10,"total_steps":4})" "\n"
                        R"({"v":1,"event":"step","time":11,"step":0,"loss":1})" "\n");
        std::unique_ptr<Watch> w(watchOf({file}));
        const Run& r = *w->store().runs()[0];
        QCOMPARE(r.restarts().size(), std::size_t(1));
        QCOMPARE(r.restarts()[0].afterStep, std::int64_t(2));
        QCOMPARE(QString::fromStdString(r.restarts()[0].previousEnd), QString("interrupted"));
        QVERIFY(!r.end);  // running again, not "ended"
        QCOMPARE(summarize(r).lastStep, std::int64_t(0));
        QVERIFY(summarize(r).endStatus.empty());
    }

    void preflightFailureIsNotALostNode() {
        const QString dir = tmp.filePath("runs-preflight/job-20261122T110000Z-cd34");
        QDir().mkpath(dir);
        writeFile(dir + "/launch.jsonl",
                  R"({"v":1,"time":1,"event":"node","node":0,"host":"gpu-a","state":"connecting"})" "\n"
                  R"({"v":1,"time":1,"event":"preflight","node":0,"host":"gpu-a","check":"connection","ok":true,"message":"connected and authenticated"})" "\n"
                  R"({"v":1,"time":2,"event":"preflight","node":0,"host":"gpu-a","check":"gpus","ok":false,"message":"node 0 (gpu-a) has 4 GPUs but the plan runs 8 per node"})" "\n"
                  R"({"v":1,"time":2,"event":"end","status":"failed","first_failure":{"node":0,"message":"node 0 (gpu-a) has 4 GPUs but the plan runs 8 per node"}})" "\n");
        std::unique_ptr<Watch> w(watchOf({dir}));
        const Run& r = *w->store().runs()[0];
        QVERIFY(r.failing());
        bool preflight = false;
        for (const Alarm& a : r.alarms()) {
            QVERIFY(a.kind != AlarmKind::NodeLost);
            if (a.kind == AlarmKind::PreflightFailed) {
                preflight = true;
                QCOMPARE(a.rank, 0);
                const QString text = QString::fromStdString(a.text().english());
                QVERIFY2(text.contains("node 0 failed its pre-flight check (gpus)") && text.contains("4 GPUs"), qPrintable(text));
            }
            if (a.kind == AlarmKind::Failed)
                QCOMPARE(QString::fromStdString(a.text().english()), QString("the run failed before its first step"));
        }
        QVERIFY(preflight);
    }
};

QTEST_GUILESS_MAIN(TestMetricsReaders)
#include "tst_metrics_readers.moc"
