// The planned workload is what runs: the trainer command in every target that
// `traindeck generate` writes (the command `traindeck launch` starts is the ssh
// target's) carries every plan field the trainer reads. The command is parsed back
// out of each generated file and compared with the plan, field by field.
#include "generate/generate.h"
#include "generate/options.h"
#include "plan/plan.h"
#include "plan/plan_fields.h"

#include <QtTest>

#include <map>
#include <cctype>
#include <sstream>
#include <string>

using namespace traindeck;

namespace {

// JSON and YAML keep the entrypoint as an escaped string in some targets.
std::string unescaped(std::string s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == 'n' || s[i + 1] == '"')) {
            out += s[i + 1] == 'n' ? '\n' : '"';
            ++i;
        } else {
            out += s[i];
        }
    }
    return out;
}

// PAI-DLC's UserCommand carries the entrypoint base64-encoded (`echo BASE64 | base64 -d`).
std::string withDecodedScripts(const std::string& text) {
    std::string out = text;
    for (size_t at = text.find("echo "); at != std::string::npos; at = text.find("echo ", at + 5)) {
        size_t end = at + 5;
        while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '+' ||
                                     text[end] == '/' || text[end] == '='))
            ++end;
        if (end - at > 100)
            out += "\n" + QByteArray::fromBase64(QByteArray::fromStdString(text.substr(at + 5, end - at - 5))).toStdString();
    }
    return out;
}

// "--flag 'value'" pairs of the `exec traindeck-trainer` command, continued lines joined.
std::map<std::string, std::string> trainerFlags(const std::string& text) {
    std::map<std::string, std::string> flags;
    const auto at = text.rfind("exec traindeck-trainer");
    if (at == std::string::npos) return flags;  // the first command: a decoded script is appended last
    std::string command;
    for (size_t i = at; i < text.size(); ++i) {
        if (text[i] == '\n' && !(command.size() && command.back() == '\\')) break;
        if (text[i] == '\n') command.pop_back();
        else command += text[i];
    }
    std::istringstream words(command);
    std::string word, flag;
    while (words >> word) {
        if (word.starts_with("--")) flag = word;
        else if (!flag.empty()) {
            if (word.size() >= 2 && word.front() == '\'' && word.back() == '\'') word = word.substr(1, word.size() - 2);
            flags[flag] = word;
            flag.clear();
        }
    }
    return flags;
}

}  // namespace

class TestPlannedWorkload : public QObject {
    Q_OBJECT
private slots:
    void everyTargetCarriesThePlan() {
        Plan plan = demoPlan();
        for (const auto& [key, value] : std::map<std::string, std::string>{
                 {"model.preset", "base"}, {"model.clip_frames", "4"}, {"model.clip_height", "128"},
                 {"model.clip_width", "192"}, {"recipe.checkpoint_every", "50"}, {"recipe.eval_every", "25"},
                 {"recipe.eval_samples", "640"}})
            QVERIFY(setPlanField(plan, key, value).empty());
        generate::GenerateOptions options;
        options.ecsSpec = "ecs.gn8v.8xlarge";
        options.workspaceId = "ws-1";
        options.hosts = {"gpu-a", "gpu-b"};
        const std::map<std::string, std::string> expected = {
            {"--preset", "base"}, {"--frames", "4"}, {"--height", "128"}, {"--width", "192"},
            {"--eval-every", "25"}, {"--eval-samples", "640"}, {"--micro-batch", std::to_string(plan.recipe.microBatch)}};
        int commands = 0;
        for (const generate::TargetInfo& t : generate::targets()) {
            for (const generate::GeneratedFile& file : generate::generate(plan, t.target, options)) {
                const std::string text = unescaped(withDecodedScripts(file.content));
                const auto flags = trainerFlags(text);
                if (flags.empty()) continue;
                // The folder is each platform's (TRAINDECK_CHECKPOINT_DIR, tst_targets); the interval the plan's.
                QVERIFY2(text.find("${TRAINDECK_CHECKPOINT_DIR:+--checkpoint-every 50}") != std::string::npos,
                         (t.key + " " + file.path).c_str());
                ++commands;
                qInfo("%s %s: %zu trainer flags", t.key.c_str(), file.path.c_str(), flags.size());
                for (const auto& [flag, value] : expected) {
                    const auto it = flags.find(flag);
                    QVERIFY2(it != flags.end() && it->second == value,
                             (t.key + " " + file.path + ": " + flag + " should be " + value + ", is " +
                              (it == flags.end() ? std::string("missing") : it->second)).c_str());
                }
            }
        }
        QVERIFY(commands >= 5);  // k8s, pytorchjob, pai, slurm and ssh start the trainer
    }

    void aCustomModelIsNotTrainedAsTheDefault() {
        Plan plan = demoPlan();
        QVERIFY(setPlanField(plan, "model.params", "7e9").empty());  // no longer a preset
        QVERIFY(plan.model.preset.empty());
        generate::GenerateOptions options;
        bool refused = false;
        try {
            generate::generate(plan, generate::Target::Kubernetes, options);
        } catch (const generate::GenerateError& e) {
            refused = std::string(e.what()).find("--command") != std::string::npos;  // the field, as this face names it
        }
        QVERIFY(refused);
        plan.launch.command = "python train.py --lr {lr}";  // the user's own command runs it
        QVERIFY(!generate::generate(plan, generate::Target::Kubernetes, options).empty());
    }
};

QTEST_APPLESS_MAIN(TestPlannedWorkload)
#include "tst_planned_workload.moc"
