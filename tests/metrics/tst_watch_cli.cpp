// `traindeck watch` as a user and a script see it: the summary of a real
// 2-process trainer run, TensorBoard runs, JSON, --follow on a run that is
// still being written, and the exit codes 0, 1 (an alarm) and 2 (bad input).
#include "run_traindeck.h"

#include <QtTest>

#include <csignal>

#include "trainer_env.h"

namespace {

const QString kTb = QStringLiteral(FIXTURES "/tensorboard");

QStringList trainerArgs(const QString& file, const QStringList& extra) {
    return QStringList{"--frames", "2", "--height", "32", "--width", "32", "--log-every", "1",
                       "--nproc-per-node", "2", "--metrics-file", file} + extra;
}

int runTrainer(const QString& file, const QStringList& extra) {
    QProcess p;
    p.setStandardOutputFile(QProcess::nullDevice());
    p.setStandardErrorFile(QProcess::nullDevice());
    p.setProcessEnvironment(trainerEnvironment());
    p.start(TRAINER_BINARY, trainerArgs(file, extra));
    if (!p.waitForFinished(60000))
        qFatal("the trainer did not finish");
    return p.exitCode();
}

}  // namespace

class TestWatchCli : public QObject {
    Q_OBJECT
    QTemporaryDir tmp;

private slots:
    void summaryOfATwoProcessRun() {
        const QString file = tmp.filePath("run.jsonl");
        QCOMPARE(runTrainer(file, {"--steps", "40"}), 0);
        const TraindeckRun r = runTraindeck({"watch", file});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("steps              40 of 40"), qPrintable(r.out));
        QVERIFY(r.out.contains("steady samples/s"));
        QVERIFY(r.out.contains("slowest rank       rank "));
        QVERIFY(r.out.contains("end                completed"));
        QVERIFY(!r.out.contains("ALARM"));
        QVERIFY2(r.out.contains("problems now       none\n"), qPrintable(r.out));

        const TraindeckRun j = runTraindeck({"watch", "--json", file});
        QCOMPARE(j.code, 0);
        const QJsonObject run = QJsonDocument::fromJson(j.out.toUtf8()).array()[0].toObject();
        QCOMPARE(run["last_step"].toInt(), 39);
        QCOMPARE(run["end"].toString(), QString("completed"));
        QVERIFY(run["steady_samples_per_s"].toDouble() > 0);
        QCOMPARE(run["series"].toObject()["step_time_s@rank1"].toInt(), 40);
        QVERIFY(run["best_loss"].toObject()["value"].toDouble() > 0);
        QVERIFY(run["problems"].isArray() && run["problems"].toArray().isEmpty());
    }

    void divergingRunExitsOne() {
        const QString file = tmp.filePath("diverge.jsonl");
        QCOMPARE(runTrainer(file, {"--steps", "20", "--lr", "1e30", "--warmup", "0"}), 1);
        const TraindeckRun r = runTraindeck({"watch", file});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.out.contains("ALARM              loss is not finite at step 1"), qPrintable(r.out));
        QVERIFY(r.out.contains("rank 0 failed at step 1: nonfinite"));
        QVERIFY(r.out.contains("end                failed"));
        // What is wrong now, in one row, as the window's banner lists it.
        QVERIFY2(r.out.contains("problems now       loss is not finite at step 1; "), qPrintable(r.out));
        const TraindeckRun j = runTraindeck({"watch", "--json", file});
        const QJsonArray problems = QJsonDocument::fromJson(j.out.toUtf8()).array()[0].toObject()["problems"].toArray();
        QVERIFY(problems.size() >= 2);
        QCOMPARE(problems[0].toObject()["alarm"].toString(), QString("nonfinite_loss"));
    }

    void tensorBoardLogdir() {
        const TraindeckRun r = runTraindeck({"watch", "--json", kTb});
        QCOMPARE(r.code, 1);  // the simple run's NaN loss
        QStringList names;
        for (const QJsonValue& v : QJsonDocument::fromJson(r.out.toUtf8()).array())
            names << v.toObject()["run"].toString();
        for (const char* run : {"simple", "tensor_float", "tensor_encodings", "restart", "logdir/loss_eval"})
            QVERIFY2(names.contains(run), qPrintable(names.join(',')));
        const TraindeckRun ok = runTraindeck({"watch", kTb + "/restart"});
        QCOMPARE(ok.code, 0);
        QVERIFY2(ok.out.contains("note               restarted at step 20"), qPrintable(ok.out));
        QVERIFY(ok.out.contains("steps              40\n"));
    }

    void badInputExitsTwo() {
        TraindeckRun r = runTraindeck({"watch", tmp.filePath("missing.jsonl")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("no such file or folder"));
        QDir().mkpath(tmp.filePath("nothing"));
        r = runTraindeck({"watch", tmp.filePath("nothing")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("no run found"));
        r = runTraindeck({"watch"});
        QCOMPARE(r.code, 2);
        r = runTraindeck({"watch", "--bogus", kTb});
        QCOMPARE(r.code, 2);
    }

    // A log that counts its steps from 1 ("step 80/80", as a Hugging Face Trainer's
    // global_step does) ends on its total: 80 of 80, never 81 of 80.
    void aLogCountingFromOneEndsOnItsTotal() {
        const QString file = tmp.filePath("from-one.log");
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        for (int step = 1; step <= 80; ++step)
            f.write("step " + QByteArray::number(step) + "/80 | loss: 0.5\n");
        f.close();
        const TraindeckRun r = runTraindeck({"watch", file});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QRegularExpression("steps\\s+80 of 80")), qPrintable(r.out));
    }

    void finalStepAndRestartInTheSummary() {
        // Logged every third step, ended at step 7 (the last step reached): 8 of 8
        // steps, in the text and in --json. Then relaunched into the same file.
        const QString file = tmp.filePath("every3.jsonl");
        QByteArray lines = R"({"v":1,"event":"start","time":1,"total_steps":8})" "\n";
        for (int step : {0, 3, 6})
            lines += R"({"v":1,"event":"step","time":)" + QByteArray::number(2 + step) + R"(,"step":)" +
                     QByteArray::number(step) + R"(,"loss":0.5})" "\n";
        lines += R"({"v":1,"event":"end","time":10,"step":7,"status":"completed","seconds":9})" "\n";
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(lines);
        f.flush();
        TraindeckRun r = runTraindeck({"watch", file});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QRegularExpression("steps\\s+8 of 8")), qPrintable(r.out));
        TraindeckRun j = runTraindeck({"watch", "--json", file});
        QCOMPARE(QJsonDocument::fromJson(j.out.toUtf8()).array().at(0).toObject()["last_step"].toInt(), 7);

        f.write(R"({"v":1,"event":"start","time":20,"total_steps":8})" "\n"
                R"({"v":1,"event":"step","time":21,"step":0,"loss":0.7})" "\n");
        f.close();
        r = runTraindeck({"watch", file});
        QVERIFY2(r.out.contains(QRegularExpression("restart\\s+attempt 2, after step 6 \\(the attempt before: completed\\)")),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QRegularExpression("end\\s+none yet")), qPrintable(r.out));
        j = runTraindeck({"watch", "--json", file});
        const QJsonObject o = QJsonDocument::fromJson(j.out.toUtf8()).array().at(0).toObject();
        QCOMPARE(o["attempt"].toInt(), 2);
        QCOMPARE(o["restarts"].toArray().at(0).toObject()["after_step"].toInt(), 6);
    }

    void followPrintsStepsAsTheRunGoes() {
        // The trainer still running while `watch --follow` reads its file: a line per step, then the end.
        const QString file = tmp.filePath("live.jsonl");
        QFile(file).open(QIODevice::WriteOnly);  // exists before the trainer starts writing
        QProcess watch;
        watch.start(TRAINDECK_BINARY, {"watch", "--follow", "--json", file});
        QVERIFY(watch.waitForStarted());
        QCOMPARE(runTrainer(file, {"--steps", "60"}), 0);
        QVERIFY2(watch.waitForFinished(30000), "watch --follow did not stop at the run's end");
        QCOMPARE(watch.exitCode(), 0);
        const QList<QByteArray> lines = watch.readAllStandardOutput().trimmed().split('\n');
        QSet<int> steps;
        bool ended = false;
        for (const QByteArray& line : lines) {
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            if (o.contains("alarm"))
                ended |= o["alarm"].toString() == "ended";
            else
                steps.insert(o["step"].toInt());
        }
        QVERIFY(ended);
        QVERIFY(steps.contains(59));
        QVERIFY2(steps.size() >= 2, "every step came in one poll: not followed live");
    }

    // --csv: every point of every series read, the job's and each rank's, as the
    // Watch page exports them; a file that cannot be written is exit 2.
    void csvHasEveryPoint() {
        const QString file = tmp.filePath("csv-run.jsonl");
        QCOMPARE(runTrainer(file, {"--steps", "30"}), 0);
        const QString csv = tmp.filePath("series.csv");
        const TraindeckRun r = runTraindeck({"watch", file, "--csv", csv});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("steps              30 of 30"), qPrintable(r.out));  // the summary as without --csv
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        QCOMPARE(lines.first(), QByteArray("run,metric,rank,step,wall_time,value"));
        QSet<int> lossSteps, rank1Steps;
        for (const QByteArray& line : lines.mid(1)) {
            const QList<QByteArray> fields = line.split(',');
            QCOMPARE(fields.size(), 6);
            if (fields[1] == "loss" && fields[2].isEmpty())
                lossSteps.insert(fields[3].toInt());
            if (fields[1] == "step_time_s" && fields[2] == "1")
                rank1Steps.insert(fields[3].toInt());
        }
        QCOMPARE(lossSteps.size(), 30);
        QCOMPARE(rank1Steps.size(), 30);
        const TraindeckRun bad = runTraindeck({"watch", file, "--csv", tmp.filePath("no/such/dir.csv")});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("cannot write"), qPrintable(bad.err));
    }

    // Ctrl-C ends --follow, not the export: what was read is written, exit 130.
    void followStoppedByCtrlCStillExports() {
        const QString file = tmp.filePath("unfinished.jsonl");
        QCOMPARE(runTrainer(file, {"--steps", "20"}), 0);
        // The run has not ended as far as the watch knows: its end line taken away.
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray lines;
        for (const QByteArray& line : f.readAll().split('\n'))
            if (!line.isEmpty() && !line.contains("\"event\":\"end\""))
                lines += line + '\n';
        f.close();
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(lines);
        f.close();
        const QString csv = tmp.filePath("followed.csv");
        QProcess watch;
        watch.start(TRAINDECK_BINARY, {"watch", "--follow", file, "--csv", csv});
        QVERIFY(watch.waitForStarted());
        QByteArray printed;
        QTRY_VERIFY_WITH_TIMEOUT((printed += watch.readAllStandardOutput()).contains("step 19"), 20000);
        ::kill(pid_t(watch.processId()), SIGINT);
        QVERIFY(watch.waitForFinished(10000));
        QCOMPARE(watch.exitStatus(), QProcess::NormalExit);
        QCOMPARE(watch.exitCode(), 130);
        QFile out(csv);
        QVERIFY(out.open(QIODevice::ReadOnly));
        QVERIFY(out.readAll().contains(",loss,,19,"));
    }
};

QTEST_GUILESS_MAIN(TestWatchCli)
#include "tst_watch_cli.moc"
