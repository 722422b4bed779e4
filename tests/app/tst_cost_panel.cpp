// The money of a plan in the window: the cost table and the deadline's answer under
// the layouts (the Layouts page and the wizard's review share it), the cost plot with
// the chosen layout marked, exported as PNG and SVG, in English and Chinese. With
// TRAINDECK_SCREENSHOT_DIR set the panel is saved at 1920x1080 and 1366x768 for a
// person to look at (run under Xvfb: QT_QPA_PLATFORM=xcb DISPLAY=:99).

#include "cost/pricing.h"
#include "localized.h"
#include "gui/layouts/cost_panel.h"
#include "gui/layouts/cost_plot.h"
#include "gui/window/language.h"
#include "gui/layouts/layouts_page.h"
#include "gui/window/main_window.h"
#include "gui/plan/plan_document.h"
#include "plan/plan_fields.h"
#include "test_support.h"

#include <QApplication>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QTemporaryDir>
#include <QTest>

using namespace traindeck;
using namespace traindeck::gui;

class TestCostPanel : public QObject {
    Q_OBJECT
    QTemporaryDir m_settings;
    QTemporaryDir m_config;  // an empty config folder: no user prices.yaml
    QString m_dir = qEnvironmentVariable("TRAINDECK_SCREENSHOT_DIR");

    static Plan deadlinePlan() {
        Plan p = demoPlan();
        p.cluster.cloud = "aws";
        p.goal.deadline = "10000h";
        return p;
    }

private slots:
    void initTestCase() {
        test::isolateSettings(m_settings);
        qputenv("XDG_CONFIG_HOME", m_config.path().toUtf8());
    }

    void theLayoutsShowTheirCostAndTheChoice_data() { test::languageRows(); }
    void theLayoutsShowTheirCostAndTheChoice() {
        QFETCH(QString, language);
        Language lang;
        QVERIFY(lang.apply(language));
        PlanDocument document;
        LayoutsPage page(document, true, [](const Finding&) {});
        document.reset(deadlinePlan(), QString(), false);
        const PlanAnalysis& a = document.analysis();
        QVERIFY(a.goal && a.goal->met());
        CostPanel* panel = page.costPanel();
        // 2x8 on p5.48xlarge: 16 GPUs at 55.04 / 8 per hour each.
        QVERIFY2(panel->tableText().contains(QStringLiteral("$110.08")), qPrintable(panel->tableText()));
        // As sure as the layout's step time (the expected error its column shows).
        const LayoutCost* own = a.costFor({2, 8});
        QVERIFY(own && own->error == a.confidenceFor({2, 8})->expectedError);
        QVERIFY(panel->tableText().contains(QStringLiteral("±%1%").arg(qRound(100 * own->error))));
        // The deadline's answer, in the interface language, and the chosen layout marked.
        const QString summary = app::qLocalized(a.goal->summary);
        QVERIFY2(panel->goalText().contains(summary.toHtmlEscaped()), qPrintable(panel->goalText()));
        QCOMPARE(summary.startsWith(QStringLiteral("截止时间内最便宜")), language == QLatin1String("zh_CN"));
        const CostOption& chosen = a.goal->options[size_t(a.goal->chosen)];
        if (std::any_of(a.costs.begin(), a.costs.end(), [&](const LayoutCost& c) { return c.layout == chosen.cost.layout; }))
            QVERIFY(panel->tableText().contains(QStringLiteral("★")));
        // The plot: every option that can run, the chosen one marked.
        int runs = 0;
        for (const CostOption& o : a.goal->options) runs += o.runs();
        QCOMPARE(panel->plot()->pointCount(), runs);
        QVERIFY(panel->plot()->hasChosenMark());
        if (!m_dir.isEmpty()) {
            // For a person: a deadline inside the plot, and across GPU types and clouds with a budget.
            Plan inTime = deadlinePlan();
            inTime.goal.deadline = "20m";
            Plan across = inTime;
            across.goal.acrossGpus = true;
            across.goal.budget = 40;
            QDir().mkpath(m_dir);
            for (const auto& [name, plan] : {std::pair{QStringLiteral("deadline"), inTime}, std::pair{QStringLiteral("across"), across}})
            for (const QSize size : {QSize(1920, 1080), QSize(1366, 768)}) {
                QScrollArea area;
                PlanDocument shownDocument;
                shownDocument.reset(plan, QString(), false);
                LayoutsPage shown(shownDocument, true, [](const Finding&) {});
                area.setWidget(&shown);
                area.setWidgetResizable(true);
                area.resize(size);
                area.show();
                QTest::qWait(150);
                area.ensureWidgetVisible(shown.costPanel());
                QTest::qWait(100);
                QVERIFY(area.grab().save(QDir(m_dir).filePath(
                    QStringLiteral("cost-%1-%2-%3x%4.png").arg(name, language).arg(size.width()).arg(size.height()))));
                area.takeWidget();
            }
        }
    }

    void costsKeepNoDigitFinerThanTheirErrorAndTheStarIsExplained() {
        Language lang;
        QVERIFY(lang.apply(QStringLiteral("en")));
        PlanDocument document;
        CostPanel panel(document);
        Plan p = deadlinePlan();
        p.goal.deadline = "20m";  // the choice is one of the compared layouts (2x8)
        document.reset(p, QString(), false);
        const QString table = panel.tableText();
        // Each cost to finish ("$1,200 ±13%") is whole where its error is dollars wide; the prices per hour keep cents.
        const QRegularExpression cents(QStringLiteral("\\.\\d\\d ±"));
        QVERIFY2(!cents.match(table).hasMatch(), qPrintable(table));
        QVERIFY(table.contains(QStringLiteral("$110.08")));
        QVERIFY2(table.contains(QStringLiteral("★ the cheapest layout that meets the deadline")), qPrintable(table));
    }

    void aBudgetMetOnlyAtTheEstimateIsCautioned() {
        Language lang;
        QVERIFY(lang.apply(QStringLiteral("en")));
        Plan p = demoPlan();
        p.cluster.cloud = "aws";
        p.goal.budget = 1e9;
        PlanDocument document;
        CostPanel panel(document);
        document.reset(p, QString(), false);
        QVERIFY(!panel.goalText().contains(QStringLiteral("⚠")));
        const CostOption& c = document.analysis().goal->options[size_t(document.analysis().goal->chosen)];
        p.goal.budget = c.cost.toFinish * (1 + c.cost.error / 2);
        document.reset(p, QString(), false);
        QVERIFY(document.analysis().goal->met());
        QVERIFY2(panel.goalText().contains(QStringLiteral("⚠")) && panel.goalText().contains(QStringLiteral("over the budget")),
                 qPrintable(panel.goalText()));
    }

    void theChoicesNameStaysClearOfTheLimits_data() {
        QTest::addColumn<double>("budgetShare");
        QTest::newRow("budget just above the choice") << 1.02;
        QTest::newRow("budget well above") << 1.6;
        QTest::newRow("budget far above") << 6.0;
    }
    void theChoicesNameStaysClearOfTheLimits() {
        QFETCH(double, budgetShare);
        Plan p = demoPlan();
        p.cluster.cloud = "aws";
        p.goal.budget = 1e9;
        PlanDocument document;
        CostPlot plot(document);
        plot.resize(700, 420);
        document.reset(p, QString(), false);
        const CostOption& c = document.analysis().goal->options[size_t(document.analysis().goal->chosen)];
        p.goal.budget = c.cost.toFinish * budgetShare;
        p.goal.deadline = std::to_string(c.cost.hours * 1.05) + "h";  // a deadline line beside the choice too
        document.reset(p, QString(), false);
        QVERIFY(plot.hasChosenMark());
        QCOMPARE(plot.limitLabels().size(), 2);
        plot.replot();
        const QRectF chosen = CostPlot::labelRect(plot.chosenLabel());
        for (const QCPItemText* limit : plot.limitLabels())
            QVERIFY2(!CostPlot::labelRect(limit).intersects(chosen),
                     qPrintable(plot.chosenLabel()->text() + " over " + limit->text()));
    }

    void theWheelScrollsThePageAndCtrlZoomsThePlot() {
        Plan p = deadlinePlan();
        QScrollArea area;
        auto* page = new QWidget;
        auto* column = new QVBoxLayout(page);
        PlanDocument document;
        auto* plot = new CostPlot(document);
        column->addWidget(plot);
        column->addSpacing(2000);  // a page taller than the view
        area.setWidget(page);
        area.setWidgetResizable(true);
        area.resize(800, 500);
        area.show();
        document.reset(p, QString(), false);
        QVERIFY(QTest::qWaitForWindowExposed(&area));
        // A real wheel (spontaneous) that the plot leaves unaccepted goes on to the page, which
        // scrolls; the plot must not take it unless Ctrl is held, and then it zooms.
        const auto wheel = [&](Qt::KeyboardModifiers modifiers) {
            const QPointF at(plot->width() / 2.0, plot->height() / 2.0);
            QWheelEvent e(at, plot->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, modifiers, Qt::NoScrollPhase, false);
            e.setAccepted(false);
            QApplication::sendEvent(plot, &e);
            return e.isAccepted();
        };
        const QCPRange before = plot->xAxis->range();
        QVERIFY(!wheel(Qt::NoModifier));
        QCOMPARE(plot->xAxis->range().lower, before.lower);
        QVERIFY(wheel(Qt::ControlModifier));
        QVERIFY(!(plot->xAxis->range().lower == before.lower && plot->xAxis->range().upper == before.upper));  // zoomed
    }

    void thePlotExportsAsPngAndSvg() {
        Plan p = deadlinePlan();
        p.goal.acrossGpus = true;
        p.goal.budget = 5000;
        PlanDocument document;
        CostPlot plot(document);
        plot.resize(800, 500);
        document.reset(p, QString(), false);
        QVERIFY(plot.pointCount() > 11);  // several GPU types and clouds
        QTemporaryDir dir;
        QVERIFY(plot.exportPng(dir.filePath("cost.png")));
        QVERIFY(QImage(dir.filePath("cost.png")).width() >= 640);
        QVERIFY(plot.exportSvg(dir.filePath("cost.svg")));
        QFile svg(dir.filePath("cost.svg"));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("<svg"));
    }

    void withoutAPriceThePanelSaysHowToGetOne() {
        PlanDocument document;
        CostPanel panel(document);
        document.reset(demoPlan(), QString(), false);
        QCOMPARE(panel.plot()->pointCount(), 0);
        QVERIFY(panel.tableText().isEmpty());
        QVERIFY(panel.findChildren<QLabel*>().size() >= 3);
        // In the window's words: the fields by their labels, not the command line's flags.
        bool said = false;
        for (const QLabel* l : panel.findChildren<QLabel*>())
            said |= l->text().contains(QStringLiteral("Price per GPU-hour")) && l->text().contains(QStringLiteral("Cloud"));
        QVERIFY(said);
        QVERIFY(panel.plot()->isHidden());
    }

    void theWindowsDocumentPricesEveryEdit() {
        Language lang;
        QVERIFY(lang.apply(QStringLiteral("en")));
        MainWindow w(&lang);
        w.openDemo();
        PlanDocument* doc = w.document();
        QVERIFY(doc->setField("cluster.cloud", QStringLiteral("lambda")).empty());
        QVERIFY(doc->analysis().costFor({2, 8}));
        QCOMPARE(doc->analysis().costFor({2, 8})->perHour, 16 * 3.99);
        QVERIFY(doc->setField("goal.budget", QStringLiteral("100")).empty());
        QVERIFY(doc->analysis().goal.has_value());
        const auto panels = w.findChildren<CostPanel*>();
        QVERIFY(!panels.isEmpty());
        bool shown = false;
        for (const CostPanel* p : panels) shown |= p->tableText().contains(QStringLiteral("$63.84"));
        QVERIFY(shown);
    }
};

QTEST_MAIN(TestCostPanel)
#include "tst_cost_panel.moc"
