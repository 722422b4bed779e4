// `traindeck generate` run in this process, to count what it builds: the files
// that showed a target can be generated are the files it writes (each chosen
// target built once), and a target `all` skips for a missing option is not
// built at all.
#include "cli/commands.h"
#include "generate/generate.h"

#include <QtTest>

#include <string>
#include <vector>

using namespace traindeck;

class TestGenerateOnce : public QObject {
    Q_OBJECT
private slots:
    void eachWrittenTargetIsBuiltOnce() {
        QTemporaryDir dir;
        const std::string out = dir.filePath("once").toStdString();
        std::vector<std::string> args = {"--target", "all", "--out", out, "--hosts", "a,b"};
        std::vector<char*> argv;
        for (std::string& a : args) argv.push_back(a.data());
        const long before = generate::builtTargetCount();
        QCOMPARE(cli::runGenerate(int(argv.size()), argv.data()), 0);
        const long written = long(generate::targets().size()) - 1;  // every target but pai (no --ecs-spec)
        QCOMPARE(generate::builtTargetCount() - before, written);
        QVERIFY(QFile::exists(dir.filePath("once/kubernetes.yaml")));
        QVERIFY(QFile::exists(dir.filePath("once/node-1.sh")));
        QVERIFY(!QFile::exists(dir.filePath("once/pai-create-job.json")));
    }

    void aTargetThatCannotBeWrittenWritesNothing() {
        // Named, it is the user's error: nothing written, and nothing built after it.
        QTemporaryDir dir;
        std::vector<std::string> args = {"--target", "k8s,pai", "--out", dir.filePath("x").toStdString()};
        std::vector<char*> argv;
        for (std::string& a : args) argv.push_back(a.data());
        const long before = generate::builtTargetCount();
        QCOMPARE(cli::runGenerate(int(argv.size()), argv.data()), 2);
        QCOMPARE(generate::builtTargetCount() - before, 1L);  // k8s, checked; pai lacks --ecs-spec
        QVERIFY(!QFile::exists(dir.filePath("x")));
    }
};

QTEST_GUILESS_MAIN(TestGenerateOnce)
#include "tst_generate_once.moc"
