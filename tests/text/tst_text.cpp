// core/text: a template renders in English by itself and in another language
// through the translator it is given; arguments are Texts too.
#include "text/clock_text.h"
#include "text/duration_text.h"
#include "text/number_text.h"
#include "text/text.h"

#include <QtTest>

#include <cmath>

using namespace traindeck;

class TestText : public QObject {
    Q_OBJECT
private slots:
    // A moment in the user's time zone: the time alone today, the date on another day, the year in another year.
    void aClockSaysTheDateWhenNotToday() {
        qputenv("TZ", "CST-8");  // eight hours east of UTC, written POSIX's way (no zone database needed)
        tzset();
        std::tm start{};
        start.tm_year = 2026 - 1900, start.tm_mon = 10, start.tm_mday = 27, start.tm_hour = 22, start.tm_min = 15;
        start.tm_isdst = 0;
        const std::time_t now = std::mktime(&start);
        QCOMPARE(now, std::time_t(1795788900));  // 14:15 UTC: the zone was applied
        QCOMPARE(clockText(double(now) + 1800, now), std::string("22:45"));
        QCOMPARE(clockText(double(now) + 7200, now), std::string("2026-11-28 00:15"));  // tomorrow: the whole date
        QCOMPARE(clockText(double(now) + 40 * 86400, now), std::string("2027-01-06 22:15"));
        qunsetenv("TZ");
        tzset();
    }
    // A duration alone in the unit a person pictures: seconds, minutes, hours, days beside from two days.
    void aDurationReadsInItsOwnUnit() {
        QCOMPARE(durationText(10.0 / 3600).english(), std::string("10 s"));
        QCOMPARE(durationText(0.2833).english(), std::string("17 min"));
        QCOMPARE(durationText(5.29).english(), std::string("5.29 h"));
        QCOMPARE(durationText(62.5).english(), std::string("62.5 h (2.6 days)"));
        QCOMPARE(durationScale(0.5).name().english(), std::string("minutes"));
        QCOMPARE(durationScale(0.5).perHour(), 60.0);
    }
    // A set of durations (a row of the table, the bars of its plot) in one unit: the longest's.
    void aSetOfDurationsSharesOneScale() {
        const DurationScale hours = durationScale(std::vector<double>{0.72, 5.29, 0.2});
        QCOMPARE(hours.unit, DurationScale::Unit::Hours);
        QCOMPARE(durationText(0.72, hours).english(), std::string("0.72 h"));  // not "43.2 min" beside "5.29 h"
        QCOMPARE(durationText(0.2, hours).english(), std::string("0.2 h"));
        // The plot: a run of seconds is drawn in seconds, not as 0.000629 hours.
        const DurationScale seconds = durationScale(std::vector<double>{0.000629, 0.000318, 0.0001});
        QCOMPARE(seconds.unit, DurationScale::Unit::Seconds);
        QCOMPARE(seconds.name().english(), std::string("seconds"));
        QCOMPARE(durationText(0.000629, seconds).english(), std::string("2.26 s"));
        QCOMPARE(0.000629 * seconds.perHour(), 0.000629 * 3600);
        QCOMPARE(durationScale(std::vector<double>{0.1, 0.9}).unit, DurationScale::Unit::Minutes);
        // Nothing to scale, or nothing finite: hours, the figures' own unit.
        QCOMPARE(durationScale(std::vector<double>{}).unit, DurationScale::Unit::Hours);
        QCOMPARE(durationScale(std::vector<double>{std::nan(""), 0.001}).unit, DurationScale::Unit::Seconds);
    }
    // A model's size as people write it.
    void aCountReadsAsAModelSize() {
        QCOMPARE(shortCountText(33559040), std::string("33.56M"));
        QCOMPARE(shortCountText(124e6), std::string("124M"));
        QCOMPARE(shortCountText(8.03e9), std::string("8.03B"));
        QCOMPARE(shortCountText(86736), std::string("86,736"));  // grouped from five digits, as every estimate
    }
    void englishFillsNumberedArguments() {
        const Text t(TD_TEXT("Test", "batch %2 is not a multiple of %1"), {Text::value("8"), Text::value("100")});
        QCOMPARE(t.english(), std::string("batch 100 is not a multiple of 8"));
    }
    void translatorSeesContextAndSourceAndNestedTexts() {
        const Text noun(TD_TEXT("Nouns", "network"));
        const Text t(TD_TEXT("Errors", "unknown %1 '%2'"), {noun, Text::value("ib-200")});
        QCOMPARE(t.english(), std::string("unknown network 'ib-200'"));
        std::vector<std::string> asked;
        const auto zh = [&](const char* context, const char* source) {
            asked.push_back(std::string(context) + "|" + source);
            const std::string s(source);
            if (s == "network")
                return std::string("网络");
            if (s == "unknown %1 '%2'")
                return std::string("未知的%1“%2”");
            return s;
        };
        QCOMPARE(t.render(zh), std::string("未知的网络“ib-200”"));
        QCOMPARE(asked, (std::vector<std::string>{"Nouns|network", "Errors|unknown %1 '%2'"}));
    }
    void valuesAreNeverTranslated() {
        const Text v = Text::value("%1 stays");
        QVERIFY(v.isValue());
        QCOMPARE(v.render([](const char*, const char*) { return std::string("X"); }), std::string("%1 stays"));
    }
    void aFieldIsNamedByEachFaceItsOwnWay() {
        const Text t(TD_TEXT("Errors", "the job needs a name (%1)"), {Text::field("launch.job_name", "--job-name")});
        QCOMPARE(t.english(), std::string("the job needs a name (--job-name)"));  // the command line's name
        const auto label = [](const std::string& key) { return key == "launch.job_name" ? std::string("Job name") : std::string(); };
        QCOMPARE(t.render(nullptr, label), std::string("the job needs a name (Job name)"));  // the window's
        // A face with no name of its own for the field falls back to the plain one.
        const Text other(TD_TEXT("Errors", "(%1)"), {Text::field("other.key", "--other")});
        QCOMPARE(other.render(nullptr, label), std::string("(--other)"));
        QVERIFY(!(Text::field("a", "x") == Text::value("x")));
    }
    void concatJoinsPartsAndTranslatesOnlyThem() {
        const Text parts = Text::concat({Text(TD_TEXT("Fix", "use %1")), Text(TD_TEXT("Fix", ", or %1")), Text::value("!")});
        QCOMPARE(parts.english(), std::string("use %1, or %1!"));
        std::vector<std::string> asked;
        const auto upper = [&](const char* context, const char* source) {
            asked.push_back(context);
            std::string s(source);
            for (char& c : s)
                c = char(std::toupper(static_cast<unsigned char>(c)));
            return s;
        };
        QCOMPARE(parts.render(upper), std::string("USE %1, OR %1!"));
        QCOMPARE(asked, (std::vector<std::string>{"Fix", "Fix"}));  // the glue itself is never looked up
        QVERIFY(Text::concat({}).empty());
    }
    void fillTemplateEdgeCases() {
        QCOMPARE(fillTemplate("%1%2", {"a", "b"}), std::string("ab"));
        QCOMPARE(fillTemplate("100% of %1", {"x"}), std::string("100% of x"));
        QCOMPARE(fillTemplate("%3 missing", {"a"}), std::string("%3 missing"));
        std::vector<std::string> twelve;
        for (int i = 1; i <= 12; ++i)
            twelve.push_back("a" + std::to_string(i));
        QCOMPARE(fillTemplate("%12 %1", twelve), std::string("a12 a1"));
        QCOMPARE(fillTemplate("%10", {"x"}), std::string("x0"));  // only one argument: %1 then a 0
    }
    void equality() {
        const Text a(TD_TEXT("C", "s %1"), {Text::value("1")});
        QVERIFY(a == Text(TD_TEXT("C", "s %1"), {Text::value("1")}));
        QVERIFY(!(a == Text(TD_TEXT("C", "s %1"), {Text::value("2")})));
        QVERIFY(Text().empty());
        QVERIFY(Text::value("").empty());
    }
    void printableKeepsOneLine() {
        QCOMPARE(printable("a\nb\tc"), std::string("a\\nb\\tc"));
        QCOMPARE(printable(std::string("x\x01y", 3)), std::string("x\\x01y"));
        QCOMPARE(printable("abcdef", 3), std::string("abc…"));
        QCOMPARE(printable("混合文字", 2), std::string("混合…"));
    }
};

QTEST_APPLESS_MAIN(TestText)
#include "tst_text.moc"
