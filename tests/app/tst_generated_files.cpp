// The Generated-files page over a generator source: ticking targets lists
// their files, the preview shows the chosen file, copy puts it on the
// clipboard, and saving never replaces an existing file without asking.

#include "gui/files/file_saver.h"
#include "gui/files/generated_files_page.h"
#include "gui/plan/plan_document.h"
#include "gui/window/language.h"
#include "plan/plan_fields.h"
#include "gui/parts/syntax_highlighter.h"
#include "test_support.h"

#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace traindeck;
using namespace traindeck::gui;

namespace {

// Two targets with files of their own; "ssh" needs hosts, as the real one does.
class FakeSource : public GeneratorSource {
public:
    std::vector<TargetChoice> targets() const override {
        return {{"k8s", "Kubernetes", "an Indexed Job"}, {"ssh", "SSH", "a launcher per node"}};
    }
    Text missing(const Plan&, const QString& target, const TargetOptions& o) const override {
        return target == "ssh" && o.hosts.isEmpty() ? Text::value("needs --hosts") : Text();
    }
    std::vector<FileText> generate(const PlanAnalysis& analysis, const QStringList& targets, const TargetOptions& o,
                                   Text*) const override {
        const Plan& plan = analysis.plan;
        std::vector<FileText> out;
        if (targets.contains("k8s"))
            out.push_back({"k8s/job.yaml", QStringLiteral("kind: Job\nmetadata:\n  name: %1\n")
                                               .arg(QString::fromStdString(plan.launch.jobName)), false});
        if (targets.contains("ssh"))
            out.push_back({"ssh/launch.sh", "#!/bin/sh\necho " + o.hosts.join(' ') + "\n", true});
        return out;
    }
};

QString readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

}  // namespace

class TestGeneratedFiles : public QObject {
    Q_OBJECT
    QTemporaryDir m_settings;

private slots:
    void initTestCase() { test::isolateSettings(m_settings); }

    void targetsListFilesAndPreview() {
        PlanDocument document;
        GeneratedFilesPage page(document, std::make_unique<FakeSource>());
        document.replacePlan(demoPlan(), QString());
        page.setCheckedTargets({"k8s"});
        QCOMPARE(page.files().size(), size_t(1));
        QVERIFY(page.previewText().contains(QString::fromStdString("name: " + demoPlan().launch.jobName)));

        // SSH without hosts: named as waiting, not silently empty; the hosts are the plan's.
        page.setCheckedTargets({"k8s", "ssh"});
        QCOMPARE(page.files().size(), size_t(1));
        QVERIFY(document.setField("launch.hosts", "node0, node1").empty());
        QCOMPARE(page.files().size(), size_t(2));
        page.selectFile(1);
        QVERIFY(page.previewText().contains("node0 node1"));

        page.copyCurrentFile();
        auto* list = page.findChild<QListWidget*>(QStringLiteral("files"));
        list->setCurrentRow(1);
        page.copyCurrentFile();
        QCOMPARE(QGuiApplication::clipboard()->text(), page.files()[1].content);
    }

    void planPlatformIsTicked() {
        PlanDocument document;
        GeneratedFilesPage page(document, std::make_unique<FakeSource>());
        document.replacePlan(demoPlan(), QString());
        page.setCheckedTargets({});
        Plan ssh = demoPlan();
        ssh.launch.platform = Platform::Ssh;
        document.replacePlan(ssh, QString());
        QCOMPARE(page.checkedTargets(), QStringList{"ssh"});
        // Unticked by the user afterwards, it stays unticked while the platform stays.
        page.setCheckedTargets({"k8s"});
        ssh.launch.jobName = "another-name";  // an edit that keeps the platform
        document.replacePlan(ssh, QString());
        QCOMPARE(page.checkedTargets(), QStringList{"k8s"});
    }

    void savingAsksBeforeReplacing() {
        QTemporaryDir out;
        PlanDocument document;
        GeneratedFilesPage page(document, std::make_unique<FakeSource>());
        document.replacePlan(demoPlan(), QString());
        page.setCheckedTargets({"k8s"});
        page.saver()->setFolderChooser([&] { return out.path(); });
        int asked = 0;
        bool answer = false;
        page.saver()->setOverwriteConfirmer([&](const QStringList& existing) {
            ++asked;
            [&] { QCOMPARE(existing, QStringList{"k8s/job.yaml"}); }();
            return answer;
        });

        page.saveAllInteractive();
        QCOMPARE(asked, 0);  // nothing there yet: nothing to ask
        const QString job = QDir(out.path()).filePath("k8s/job.yaml");
        QCOMPARE(readAll(job), page.files()[0].content);

        // Something else now stands there; refusing keeps it.
        QFile edited(job);
        QVERIFY(edited.open(QIODevice::WriteOnly));
        edited.write("mine");
        edited.close();
        page.saveAllInteractive();
        QCOMPARE(asked, 1);
        QCOMPARE(readAll(job), QStringLiteral("mine"));

        answer = true;
        page.saveAllInteractive();
        QCOMPARE(asked, 2);
        QCOMPARE(readAll(job), page.files()[0].content);
    }

    void executableFilesStayExecutable() {
        QTemporaryDir out;
        const std::vector<FileText> files = {{"run/launch.sh", "#!/bin/sh\n", true}};
        QCOMPARE(FileSaver::writeFiles(out.path(), files), QString());
        QVERIFY(QFileInfo(QDir(out.path()).filePath("run/launch.sh")).isExecutable());
        // Cancelling stops before the next file and says so.
        QVERIFY(!FileSaver::writeFiles(out.path(), files, [](int) { return false; }).isEmpty());
    }

    // The page lists core's targets (targets()): the SkyPilot task among them, and it writes
    // its files with no option to ask for.
    void coreGeneratorsListSkyPilot() {
        std::unique_ptr<GeneratorSource> source = coreGenerators();
        if (!source)
            QSKIP("built without core/generate");
        QStringList keys;
        for (const TargetChoice& t : source->targets()) keys << t.key;
        QVERIFY2(keys.contains("skypilot"), qPrintable(keys.join(' ')));
        PlanDocument document;
        GeneratedFilesPage page(document, std::move(source));
        document.replacePlan(demoPlan(), QString());
        page.setCheckedTargets({"skypilot"});
        QStringList paths;
        for (const FileText& f : page.files()) paths << f.path;
        QVERIFY2(paths.contains("skypilot/task.yaml") && paths.contains("entrypoint.sh"), qPrintable(paths.join(' ')));
    }

    void coreGeneratorsAskForWhatTheyNeed() {
        std::unique_ptr<GeneratorSource> source = coreGenerators();
        if (!source)
            QSKIP("built without core/generate");
        PlanDocument document;
        GeneratedFilesPage page(document, std::move(source));
        document.replacePlan(demoPlan(), QString());
        page.setCheckedTargets({"pai"});
        QVERIFY(page.files().empty());
        QStringList texts;
        for (QLabel* l : page.findChildren<QLabel*>())
            texts << l->text();
        // What core says is missing, the option named as this page labels it, not by its flag.
        QVERIFY2(texts.join('\n').contains("needs the ECS instance type of a node (PAI-DLC instance type)"),
                 qPrintable(texts.join('\n')));
        QVERIFY(!texts.join('\n').contains("--ecs-spec"));
        QTest::keyClicks(page.findChild<QLineEdit*>("ecsSpec"), "ecs.gn8v.48xlarge");
        QTest::keyClicks(page.findChild<QLineEdit*>("workspaceId"), "12345");
        QVERIFY(!page.files().empty());
        QVERIFY(page.previewText().contains("ecs.gn8v.48xlarge"));
        // What the files cannot carry is said beside them, as on the command line.
        QStringList shown;
        for (QLabel* l : page.findChildren<QLabel*>())
            if (l->isVisibleTo(&page))
                shown << l->text();
        QVERIFY2(shown.join('\n').contains("Note: PAI-DLC: pai-submit.sh (dlc submit) cannot carry --retries"),
                 qPrintable(shown.join('\n')));

        // Kubernetes needs nothing more: the 16-GPU plan's files straight away.
        page.setCheckedTargets({"k8s"});
        QVERIFY(!page.files().empty());
        QVERIFY(page.previewText().contains("kind:"));
    }

    // The page is the files: a field of the plan (its hosts, its Slurm partition) is the plan
    // form's, and only what a ticked target reads beyond the plan has a field, while it is ticked.
    void onlyWhatTheTickedTargetsNeedBeyondThePlanHasAField() {
        std::unique_ptr<GeneratorSource> source = coreGenerators();
        if (!source)
            QSKIP("built without core/generate");
        PlanDocument document;
        GeneratedFilesPage page(document, std::move(source));
        Plan plan = demoPlan();
        QVERIFY(setPlanField(plan, "launch.slurm_partition", "gpu-long").empty());
        document.replacePlan(plan, QString());
        page.resize(900, 700);
        page.show();
        QVERIFY(!page.findChild<QLineEdit*>(QStringLiteral("sshHosts")));
        const auto shownFields = [&] {
            QStringList names;
            for (QLineEdit* edit : page.findChildren<QLineEdit*>())
                if (edit->isVisibleTo(&page))
                    names << edit->objectName();
            names.sort();
            return names;
        };
        page.setCheckedTargets({"accelerate", "ssh", "slurm"});
        QCOMPARE(shownFields(), QStringList());
        page.setCheckedTargets({"pai"});
        QCOMPARE(shownFields(), (QStringList{"ecsSpec", "workspaceId"}));
        page.setCheckedTargets({"k8s", "slurm"});
        QCOMPARE(shownFields(), QStringList{"queue"});
        // Kubernetes' queue is not SLURM's partition: that one is the plan's.
        QTest::keyClicks(page.findChild<QLineEdit*>(QStringLiteral("queue")), "team-a");
        const auto file = [&](const QString& path) {
            for (const FileText& f : page.files())
                if (f.path == path)
                    return f.content;
            return QString();
        };
        QVERIFY2(file("job.sbatch").contains("--partition=gpu-long") && !file("job.sbatch").contains("team-a"),
                 qPrintable(file("job.sbatch")));
        QVERIFY(file("kubernetes.yaml").contains("team-a"));
    }

    void aRefusingTargetKeepsTheOthersFiles() {
        // A job name Kubernetes forbids: Kubernetes and PyTorchJob say why, in
        // the interface language; SLURM, which takes the name, still has its files.
        std::unique_ptr<GeneratorSource> source = coreGenerators();
        if (!source)
            QSKIP("built without core/generate");
        Language language;
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        PlanDocument document;
        GeneratedFilesPage page(document, std::move(source));
        Plan plan = demoPlan();
        plan.launch.jobName = "My Job";
        document.replacePlan(plan, QString());
        page.setCheckedTargets({"k8s", "pytorchjob", "slurm"});
        const auto shown = [&] {
            QStringList texts;
            for (QLabel* l : page.findChildren<QLabel*>())
                if (l->isVisibleTo(&page))
                    texts << l->text();
            return texts.join('\n');
        };
        QVERIFY(std::any_of(page.files().begin(), page.files().end(),
                            [](const FileText& f) { return f.path == "job.sbatch"; }));
        for (const FileText& f : page.files())
            QVERIFY2(!f.path.contains("kubernetes") && !f.path.contains("pytorchjob"), qPrintable(f.path));
        const QString error = shown();
        QVERIFY2(error.contains(QStringLiteral("作业名称“My Job”不是有效的 Kubernetes 名称")), qPrintable(error));
        QVERIFY2(error.count(QStringLiteral("作业名称“My Job”")) == 1, qPrintable(error));  // one reason, both targets named
        QVERIFY2(error.contains("Kubernetes Indexed Job") && error.contains("Kubeflow PyTorchJob"), qPrintable(error));
        QVERIFY(language.apply(QStringLiteral("en")));
    }

    void highlighterFollowsFileKind() {
        using L = SyntaxHighlighter::Language;
        QCOMPARE(SyntaxHighlighter::languageFor("k8s/job.yaml", ""), L::Yaml);
        QCOMPARE(SyntaxHighlighter::languageFor("ds_config.json", ""), L::Json);
        QCOMPARE(SyntaxHighlighter::languageFor("slurm/job.sbatch", ""), L::Shell);
        QCOMPARE(SyntaxHighlighter::languageFor("entrypoint", "#!/bin/bash\n"), L::Shell);
        QCOMPARE(SyntaxHighlighter::languageFor("hostfile", "node0 slots=8\n"), L::Plain);
    }
};

QTEST_MAIN(TestGeneratedFiles)
#include "tst_generated_files.moc"
