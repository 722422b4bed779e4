// `traindeck plan` in Chinese, as a user whose locale is zh_CN sees it: the table,
// the findings, the help and every error line in Chinese, aligned by display
// width (a Chinese character takes two columns) within 80 columns; the JSON's keys
// and codes stay English for scripts. And which language the environment picks.
#include "run_traindeck.h"
#include "test_files.h"

#include <QtTest>

namespace {

using Run = TraindeckRun;

Run traindeck(const QStringList& args, const QStringList& env = {"LANG=zh_CN.UTF-8"}) {
    return runTraindeck(QStringList{"plan"} + args, env);
}

// Columns a terminal gives the text: two for East Asian wide characters
// (Unicode's EastAsianWidth W and F blocks), one for the rest. Written here
// apart from the program's own (glibc's wcwidth), so the two check each other.
int columns(const QString& text) {
    int width = 0;
    for (const char32_t c : text.toUcs4()) {
        const bool wide = (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF && c != 0x303F) ||
                          (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
                          (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
                          (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD);
        width += wide ? 2 : 1;
    }
    return width;
}

// The column at which `needle` starts in `line`.
int columnOf(const QString& line, const QString& needle) {
    const qsizetype at = line.indexOf(needle);
    return at < 0 ? -1 : columns(line.left(at));
}

QString lineStarting(const QString& out, const QString& start) {
    for (const QString& line : out.split('\n'))
        if (line.startsWith(start))
            return line;
    return {};
}

}  // namespace

class TestPlanCliZh : public QObject {
    Q_OBJECT
private slots:
    void tableReadsInChineseAndStaysAligned() {
        const Run r = traindeck({"--layouts", "1x8,2x8,4x8,8x8,16x8"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith(QStringLiteral("计划“demo”：tae-mlp-large（102M 参数），")), qPrintable(r.out));
        // The rows' labels, each followed by the columns at 18, 33, 48, 63.
        const QString header = lineStarting(r.out, QStringLiteral("布局"));
        QVERIFY2(!header.isEmpty(), qPrintable(r.out));
        QCOMPARE(columnOf(header, QStringLiteral("1x8")), 18);
        QCOMPARE(columnOf(header, QStringLiteral("2x8（计划）")), 33);
        QCOMPARE(columnOf(header, QStringLiteral("4x8")), 48);
        const QString gpus = lineStarting(r.out, QStringLiteral("GPU 数"));
        QCOMPARE(columnOf(gpus, QStringLiteral("8 ")), 18);
        QCOMPARE(columnOf(gpus, QStringLiteral("16 ")), 33);
        const QString memory = lineStarting(r.out, QStringLiteral("每块 GPU 显存"));
        QCOMPARE(columnOf(memory, QStringLiteral("22.7/79.6 GiB")), 18);
        for (const char* label : {"微批 × 累积", "有效批量", "学习率", "预热步数", "每轮步数", "总步数", "每步时间",
                                  "  计算", "  暴露的通信", "样本/秒", "完成用时", "现在开始则完成于", "GPU 时", "扩展效率"}) {
            const QString line = lineStarting(r.out, QString::fromUtf8(label));
            QVERIFY2(!line.isEmpty(), label);
            // The first value starts at column 18 whatever the label's width.
            qsizetype i = QString::fromUtf8(label).size();
            while (i < line.size() && line[i] == QLatin1Char(' '))
                ++i;
            QCOMPARE(columns(line.left(i)), 18);
        }
        // The time to finish in minutes, as the JSON has it in hours for the same layouts.
        const Run json = runTraindeck({"plan", "--json", "--layouts", "1x8,2x8,4x8,8x8,16x8"}, {"LANG=zh_CN.UTF-8"});
        const QJsonArray layouts = QJsonDocument::fromJson(json.out.toUtf8()).object()["layouts"].toArray();
        QVERIFY(!layouts.isEmpty());
        QString finish;  // the row of every block of columns
        for (const QString& line : r.out.split('\n'))
            if (line.startsWith(QStringLiteral("完成用时")))
                finish += line;
        for (const QJsonValue& l : layouts) {
            // Core's one number rule (estimateText: three significant digits), as the window writes it.
            const QString minutes = QString::number(l["hours_to_finish"].toDouble() * 60, 'g', 3);
            QVERIFY2(finish.contains(QStringLiteral("%1 分钟").arg(minutes)), qPrintable(finish));
        }
        // Nothing wider than the terminal, counted in columns.
        for (const QString& line : r.out.split('\n'))
            QVERIFY2(columns(line) <= 80, qPrintable(QStringLiteral("%1 columns: %2").arg(columns(line)).arg(line)));
    }

    void findingsReadInChinese() {
        // No micro-batch × accumulation on 16 GPUs makes 200 (batch_solve.h): a warning, its
        // headline before its message, wrapped under its first word.
        const Run r = traindeck({"--global-batch", "200"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("\n发现：\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("  警告：无法精确达到目标批大小——2x8：在 16 块 GPU 上，没有任何 微批 × 累积 能得\n"
                                               "    到全局批大小 200；实际会用 208 [batch_not_reachable]\n")),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("    修复：将全局批大小设为 208（累积 1 步）\n")), qPrintable(r.out));
        QVERIFY(!r.out.contains(QStringLiteral("warning")) && !r.out.contains(QStringLiteral("fix:")));
    }

    void jsonKeepsKeysAndCodesForScripts() {
        const Run r = traindeck({"--json", "--global-batch", "200"});
        QCOMPARE(r.code, 0);
        const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
        const QJsonObject f = root["findings"].toArray().first().toObject();
        QCOMPARE(f["code"].toString(), QStringLiteral("batch_not_reachable"));
        QCOMPARE(f["severity"].toString(), QStringLiteral("warning"));
        QCOMPARE(f["title"].toString(), QStringLiteral("无法精确达到目标批大小"));  // the headline, as the window's
        QVERIFY2(f["message"].toString().startsWith(QStringLiteral("2x8：在 16 块 GPU 上")), qPrintable(f["message"].toString()));
        QVERIFY2(f["fix"].toString().startsWith(QStringLiteral("将全局批大小设为 208")), qPrintable(f["fix"].toString()));
        const QJsonObject lr = root["layouts"].toArray().first().toObject()["formulas"].toObject()["lr"].toObject();
        QCOMPARE(lr["formula"].toString(), QStringLiteral("基准学习率 × 批大小 / 参考批大小"));
    }

    void errorLinesReadInChinese_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        QTest::newRow("bad flag value") << QStringList{"--nodes", "0"} << QStringLiteral("traindeck plan: --nodes：不能小于 1（输入的是 0）\n");
        QTest::newRow("unknown flag") << QStringList{"--gpu-count", "8"}
                                      << QStringLiteral("traindeck plan: 未知选项“--gpu-count”（见 --help）\n");
        QTest::newRow("missing value") << QStringList{"--nodes"} << QStringLiteral("traindeck plan: --nodes 需要一个值\n");
        QTest::newRow("unknown gpu") << QStringList{"--gpu", "h800x"}
                                     << QStringLiteral("traindeck plan: --gpu：GPU“h800x”不存在（可选：h100, h200, a800, a100, l40s, a100-40gb, b200, gh200, mi300x）\n");
        QTest::newRow("missing file") << QStringList{"/nonexistent/plan.yaml"}
                                      << QStringLiteral("traindeck plan: 无法打开 /nonexistent/plan.yaml：文件或目录不存在\n");
    }

    void errorLinesReadInChinese() {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        const Run r = traindeck(args);
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err, expected);
    }

    void badPlanFileReadsInChinese() {
        QTemporaryDir dir;
        const QString path = dir.filePath("plan.yaml");
        test_files::writeFile(path, "name: x\nrecipe:\n  micro_batch: 0\n");
        Run r = traindeck({path});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err, QStringLiteral("traindeck plan: %1 第 3 行，字段 recipe.micro_batch：不能小于 1（输入的是 0）\n").arg(path));
        test_files::writeFile(path, "recipe: {micro_batch: 1\n");
        r = traindeck({path});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err, QStringLiteral("traindeck plan: %1 第 2 行：不是有效的 YAML：花括号 { } 没有闭合\n").arg(path));
    }

    void helpReadsInChineseFromTheFieldTable() {
        const Run r = traindeck({"--help"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith(QStringLiteral("用法：traindeck plan [PLAN.yaml] [选项]\n")), qPrintable(r.out));
        // Each field's help is the window's label and tooltip, with its plan-file key.
        const QString nodes = lineStarting(r.out, QStringLiteral("  --nodes V"));
        QCOMPARE(nodes, QStringLiteral("  --nodes V              节点数（cluster.nodes）：作业使用的机器数。"));
        for (const QString& line : r.out.split('\n'))
            QVERIFY2(columns(line) <= 80, qPrintable(line));
    }

    void languageFollowsTheEnvironment_data() {
        QTest::addColumn<QStringList>("env");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("chinese");
        QTest::newRow("LANG zh") << QStringList{"LANG=zh_CN.UTF-8"} << QStringList{} << true;
        QTest::newRow("LANG zh_TW") << QStringList{"LANG=zh_TW.UTF-8"} << QStringList{} << true;
        QTest::newRow("LC_ALL wins over LANG") << QStringList{"LANG=zh_CN.UTF-8", "LC_ALL=en_US.UTF-8"} << QStringList{} << false;
        QTest::newRow("LANGUAGE first") << QStringList{"LANG=en_US.UTF-8", "LANGUAGE=zh_CN:en"} << QStringList{} << true;
        QTest::newRow("LANGUAGE ignored under C") << QStringList{"LANG=C", "LANGUAGE=zh_CN"} << QStringList{} << false;
        QTest::newRow("--lang wins") << QStringList{"LANG=en_US.UTF-8"} << QStringList{"--lang", "zh_CN"} << true;
        QTest::newRow("--lang=en wins") << QStringList{"LANG=zh_CN.UTF-8"} << QStringList{"--lang=en"} << false;
    }

    void languageFollowsTheEnvironment() {
        QFETCH(QStringList, env);
        QFETCH(QStringList, args);
        QFETCH(bool, chinese);
        const Run r = traindeck(args, env);
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out.startsWith(QStringLiteral("计划“demo”")), chinese);
        QCOMPARE(r.out.startsWith(QStringLiteral("Plan 'demo'")), !chinese);
    }

    void languageBeforeTheCommand() {
        const Run r = runTraindeck({"--lang", "zh_CN", "plan"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith(QStringLiteral("计划“demo”")), qPrintable(r.out));
    }

    void unknownLanguageIsRefused() {
        const Run r = traindeck({"--lang", "fr"}, {"LANG=C"});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err, QStringLiteral("traindeck plan: --lang takes en or zh_CN, got 'fr'\n"));
    }
};

QTEST_MAIN(TestPlanCliZh)
#include "tst_plan_cli_zh.moc"
