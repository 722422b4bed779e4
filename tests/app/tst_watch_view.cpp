// The Watch page as a user reads it (issue 37), offscreen, on metrics files
// written here: cards only for the series the runs have, titles that fit their
// cards, ranks in colours of their own with a legend, the capacity of the card
// the run ran on, no smoothing unless asked (never of the learning rate), the
// run's summary beside the list, pictures as PNG or SVG by their name with a
// legend and the x axis's title, and an Add-run dialog no wider than the window.
#include "gui/watch/card_graphs.h"
#include "gui/window/language.h"
#include "gui/plan/plan_document.h"
#include "gui/window/main_window.h"
#include "gui/watch/watch_export.h"
#include "gui/watch/watch_page.h"
#include "gui/watch/watch_runs_model.h"
#include "metrics/cards.h"
#include "plan/plan_analysis.h"
#include "plan/plan.h"
#include "plan/calibrate.h"
#include "plan/run_speed.h"
#include "test_files.h"
#include "test_support.h"
#include "watch_fixture.h"

#include <qcustomplot.h>

#include <QAbstractScrollArea>
#include <QScrollBar>
#include <QtTest>

using traindeck::gui::CardGraphs;
using traindeck::gui::WatchPage;
using traindeck::gui::WatchRunsModel;
using traindeck::test::WatchFixture;
using traindeck::metrics::CardKind;

namespace {

// A run of `steps` steps: loss, lr, samples/s and GPU memory; two ranks' step
// times when `ranks`; a start naming `device` and a completed end when `ended`.
QByteArray runLines(int steps, const QByteArray& device, double memoryGb, bool ranks, bool ended) {
    QByteArray lines = traindeck::test::startLine(device);
    for (int i = 0; i < steps; ++i) {
        lines += traindeck::test::stepLine(i, R"("loss":)" + QByteArray::number(i % 2 ? 0.02 : 0.04) + R"(,"lr":)" +
                                                  QByteArray::number(i % 2 ? 1e-4 : 3e-4) +
                                                  R"(,"samples_per_s":100,"gpu_mem_gb":)" + QByteArray::number(memoryGb));
        if (ranks)
            for (int r = 0; r < 2; ++r)
                lines += R"({"v":1,"event":"rank","time":)" + QByteArray::number(2 + i) + R"(,"rank":)" + QByteArray::number(r) +
                         R"(,"node":0,"step":)" + QByteArray::number(i) + R"(,"step_time_s":)" + QByteArray::number(0.1 + 0.02 * r) + "}\n";
    }
    if (ended)
        lines += traindeck::test::endLine(200, steps - 1, R"("status":"completed","seconds":198)");
    return lines;
}

int cardOf(WatchPage& page, CardKind kind) {
    for (int c = 0; c < int(page.cardKinds().size()); ++c)
        if (page.cardKinds()[std::size_t(c)].kind == kind)
            return c;
    return -1;
}

QCPTextElement* titleOf(QCustomPlot* plot) { return static_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0)); }

}  // namespace

class TestWatchView : public QObject, private WatchFixture {
    Q_OBJECT

private slots:
    void initTestCase() { isolate(); }

    void cardsOnlyForTheSeriesTheRunsHave() {
        traindeck::gui::PlanDocument document;
        WatchPage page(document);
        page.resize(1200, 800);
        page.show();
        QVERIFY(page.addSource(write("plain.jsonl", runLines(20, "NVIDIA H200", 1.9, false, false))));
        page.replotNow();
        std::vector<CardKind> kinds;
        for (const auto& c : page.cardKinds())
            kinds.push_back(c.kind);
        // No PSNR, evaluation loss, gradient norm or rank card: the run has none of those.
        QCOMPARE(kinds, (std::vector<CardKind>{CardKind::Loss, CardKind::Lr, CardKind::SamplesPerS, CardKind::GpuMemory}));
        for (QCustomPlot* card : page.cards())
            QVERIFY(card->graphCount() > 0);
    }

    // The wheel over a card scrolls the cards (those beneath the window's edge at 1366×768
    // are reached so) and leaves the card's range; Ctrl+wheel zooms the card.
    void theWheelScrollsTheCardsAndCtrlWheelZooms() {
        traindeck::gui::PlanDocument document;
        WatchPage page(document);
        page.resize(700, 400);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(page.addSource(write("wheel.jsonl", runLines(30, "NVIDIA H200", 1.9, true, false))));
        page.replotNow();
        QCustomPlot* card = page.cards().front();
        QAbstractScrollArea* area = nullptr;
        for (QWidget* w = card->parentWidget(); w && !area; w = w->parentWidget())
            area = qobject_cast<QAbstractScrollArea*>(w);
        QVERIFY(area && area->verticalScrollBar()->maximum() > 0);
        const QCPRange before = card->xAxis->range();
        const auto turn = [card](Qt::KeyboardModifiers modifiers) {
            const QPointF at(card->width() / 2.0, card->height() / 2.0);
            QWheelEvent e(at, card->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, modifiers, Qt::NoScrollPhase, false);
            QApplication::sendEvent(card, &e);
        };
        turn(Qt::NoModifier);
        QVERIFY(area->verticalScrollBar()->value() > 0);
        QCOMPARE(card->xAxis->range(), before);
        const int scrolled = area->verticalScrollBar()->value();
        turn(Qt::ControlModifier);
        QVERIFY(card->xAxis->range() != before);
        QCOMPARE(area->verticalScrollBar()->value(), scrolled);
    }

    void titlesFitTheirCardsAndRanksHaveALegend() {
        // A small window (1366×768 less the form): every title line no wider than its card.
        traindeck::gui::PlanDocument document;
        WatchPage page(document);
        page.resize(700, 560);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(page.addSource(write("ranks.jsonl", runLines(30, "NVIDIA H200", 1.9, true, false))));
        page.replotNow();
        QTest::qWait(50);
        page.replotNow();
        for (QCustomPlot* card : page.cards()) {
            QCPTextElement* title = titleOf(card);
            const QFontMetrics metrics(title->font());
            for (const QString& line : title->text().split('\n'))
                QVERIFY2(metrics.horizontalAdvance(line) <= card->width(),
                         qPrintable(QString("'%1' is %2 px on a %3 px card").arg(line).arg(metrics.horizontalAdvance(line)).arg(card->width())));
        }
        // The one run's ranks: colours none of the runs has, and a legend that names them.
        const int rank = cardOf(page, CardKind::RankStepTime);
        QVERIFY(rank >= 0);
        QCustomPlot* card = page.cards()[std::size_t(rank)];
        QStringList named;
        for (int g = 0; g < card->graphCount(); ++g) {
            QCPGraph* graph = card->graph(g);
            if (graph->name().isEmpty())
                continue;
            named << graph->name();
            for (int run = 0; run < 2; ++run)
                QVERIFY2(graph->pen().color() != WatchRunsModel::color(run), qPrintable(graph->name()));
        }
        named.sort();
        QCOMPARE(named, (QStringList{"rank 0", "rank 1"}));
        QVERIFY(card->legend->visible());
        QCOMPARE(card->legend->itemCount(), 2);
        // Beneath the plot, not over the curves.
        QVERIFY(card->legend->outerRect().top() >= card->axisRect()->outerRect().bottom() - 1);
        QCOMPARE(CardGraphs::rankColor(0), card->graph(0)->pen().color());
    }

    void gpuMemoryAgainstTheCardTheRunRanOn() {
        // The plan is the demo's (H100, 79.6 GiB); the run says it ran on an H200.
        traindeck::gui::PlanDocument document;
        WatchPage page(document);
        page.resize(1200, 800);
        page.show();
        document.reset(traindeck::demoPlan(), {}, false);
        QVERIFY(page.addSource(write("small.jsonl", runLines(20, "NVIDIA H200", 1.9, false, false))));
        page.replotNow();
        QCustomPlot* memory = page.cards()[std::size_t(cardOf(page, CardKind::GpuMemory))];
        // 1.9 GiB under a 140 GiB card: the axis follows the curve and the title names the capacity.
        QVERIFY2(memory->yAxis->range().upper < 5, qPrintable(QString::number(memory->yAxis->range().upper)));
        QVERIFY2(titleOf(memory)->text().contains("capacity 140 GiB"), qPrintable(titleOf(memory)->text()));

        traindeck::gui::PlanDocument fullDocument;
        WatchPage full(fullDocument);
        full.resize(1200, 800);
        full.show();
        fullDocument.reset(traindeck::demoPlan(), {}, false);
        QVERIFY(full.addSource(write("full.jsonl", runLines(20, "NVIDIA H200", 100, false, false))));
        full.replotNow();
        QCustomPlot* card = full.cards()[std::size_t(cardOf(full, CardKind::GpuMemory))];
        // 100 GiB: above the plan's H100 but under the H200's 140, which is the line drawn.
        QVERIFY(card->yAxis->range().contains(140) && card->yAxis->range().upper < 160);
        bool line = false;
        for (int i = 0; i < card->itemCount(); ++i)
            if (auto* l = qobject_cast<QCPItemStraightLine*>(card->item(i)))
                line |= l->point1->coords().y() == 140;
        QVERIFY(line);
    }

    void noSmoothingUnlessAskedAndNeverOfTheLearningRate() {
        traindeck::gui::PlanDocument document;
        WatchPage page(document);
        page.resize(1200, 800);
        page.show();
        QVERIFY(page.addSource(write("noisy.jsonl", runLines(40, "cpu", 1, false, false))));
        page.replotNow();
        auto* smoothing = page.findChild<QDoubleSpinBox*>("smoothing");
        QCOMPARE(smoothing->value(), 0.0);
        // Drawn as logged: the loss line's last point is the last loss, not an average.
        QCustomPlot* loss = page.cards()[std::size_t(cardOf(page, CardKind::Loss))];
        QCOMPARE(loss->graph(0)->data()->at(loss->graph(0)->dataCount() - 1)->value, 0.02);
        smoothing->setValue(0.6);
        page.replotNow();
        // The loss gets its faint raw line and a smoothed one; the learning rate stays one exact line.
        QCustomPlot* lr = page.cards()[std::size_t(cardOf(page, CardKind::Lr))];
        int lossLines = 0, lrLines = 0;
        for (int g = 0; g < loss->graphCount(); ++g)
            lossLines += loss->graph(g)->lineStyle() != QCPGraph::lsNone;
        for (int g = 0; g < lr->graphCount(); ++g)
            if (lr->graph(g)->lineStyle() != QCPGraph::lsNone) {
                ++lrLines;
                QCOMPARE(lr->graph(g)->data()->at(lr->graph(g)->dataCount() - 1)->value, 1e-4);
            }
        QCOMPARE(lossLines, 2);
        QCOMPARE(lrLines, 1);
    }

    void theRunsSummaryBesideTheList() {
        traindeck::gui::PlanDocument document;
        WatchPage page(document);
        page.resize(1200, 800);
        page.show();
        QVERIFY(page.addSource(write("done.jsonl", runLines(30, "NVIDIA H200", 1.9, true, true))));
        page.replotNow();
        const QString summary = page.summary();
        for (const char* expected : {"status", "completed", "30 of 100", "steady samples/s", "100", "slowest rank", "problems now"})
            QVERIFY2(summary.contains(expected), qPrintable(summary));
        QVERIFY(page.runsModel().index(0).data(Qt::ToolTipRole).toString().contains("30 of 100"));

        // The list's menu: only this run, then every run again.
        QVERIFY(page.addSource(write("other.jsonl", runLines(10, "cpu", 1, false, false))));
        page.replotNow();
        auto* list = page.findChild<QListView*>("runs");
        QTRY_COMPARE(page.runsModel().rowCount(), 2);
        const auto choose = [&](const QString& action, int row) {
            QTimer::singleShot(100, [action] {
                auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
                QVERIFY(menu);
                for (QAction* a : menu->actions())
                    if (a->text() == action)
                        a->trigger();
                menu->close();
            });
            emit list->customContextMenuRequested(list->visualRect(page.runsModel().index(row)).center());
        };
        choose("Show only this run", 1);
        QCOMPARE(page.runsModel().shownRuns().size(), std::size_t(1));
        QCOMPARE(page.runsModel().shownRuns()[0]->name(), page.watch().store().runs()[1]->name());
        choose("Show every run", 0);
        QCOMPARE(page.runsModel().shownRuns().size(), std::size_t(2));
    }

    // Calibrate measures the run the list's cursor is on (the one the summary
    // describes), not the first run shown.
    void calibrationFromTheSelectedRun() {
        traindeck::gui::PlanDocument document;
        WatchPage page(document);
        page.resize(1200, 800);
        page.show();
        const auto speedRun = [](int samplesPerS) {
            QByteArray lines = traindeck::test::startLine();
            for (int i = 0; i < 20; ++i)
                lines += traindeck::test::stepLine(i, R"("loss":0.5,"samples_per_s":)" + QByteArray::number(samplesPerS));
            return lines;
        };
        const QString slow = write("slow.jsonl", speedRun(40)), fast = write("fast.jsonl", speedRun(90));
        QVERIFY(page.addSource(slow));
        QVERIFY(page.addSource(fast));
        page.replotNow();
        QTRY_COMPARE(page.runsModel().rowCount(), 2);
        traindeck::Text error;
        const auto measuredFrom = [&](const QString& file) {
            const auto speed = traindeck::readRunSpeed(file.toStdString(), error);
            return speed ? QString::fromStdString(traindeck::calibrationText(speed->calibration)) : QString();
        };
        QVERIFY(measuredFrom(slow) != measuredFrom(fast));
        QSignalSpy measured(&page, &WatchPage::calibrationMeasured);
        const auto calibrate = [&] {
            for (QPushButton* b : page.findChildren<QPushButton*>())
                if (b->text().startsWith("Calibrate"))
                    b->click();
        };
        auto* list = page.findChild<QListView*>("runs");
        for (int row : {1, 0}) {
            list->setCurrentIndex(page.runsModel().index(row));
            measured.clear();
            calibrate();
            QTRY_COMPARE(measured.size(), 1);
            const QString file = QString::fromStdString(page.watch().store().runs()[std::size_t(row)]->name()).contains("fast") ? fast : slow;
            QCOMPARE(measured[0][0].toString(), measuredFrom(file));
        }
    }

    void picturesByTheirNameWithLegendAndXTitle() {
        traindeck::gui::PlanDocument document;
        WatchPage page(document);
        page.resize(1200, 800);
        page.show();
        QVERIFY(page.addSource(write("pictured.jsonl", runLines(20, "cpu", 1, false, false))));
        page.replotNow();
        const QString svg = tmp.filePath("watch.svg"), png = tmp.filePath("watch.png");
        QVERIFY(page.exportImage(svg));
        const QByteArray text = test_files::readFile(svg);
        QVERIFY2(text.startsWith("<?xml") && text.contains("<svg"), text.left(200).constData());
        QVERIFY2(text.contains(">pictured<"), "no legend naming the run");
        QVERIFY2(text.contains(">Step<"), "no x axis title");
        QVERIFY(page.exportImage(png));
        QCOMPARE(test_files::readFile(png).left(4), QByteArray("\x89PNG"));
        // The window itself keeps its cards bare: the list names the run, the controls the axis.
        for (QCustomPlot* card : page.cards()) {
            QVERIFY(!card->legend->visible());
            QVERIFY(card->xAxis->label().isEmpty());
        }
    }

    // A picture reads the same whatever the window's size: every card at one fixed size,
    // two to a row; each card's legend beneath its plot names every line (six ranks: six).
    void picturesAtAFixedSizeWithWholeLegends() {
        traindeck::gui::PlanDocument document;
        WatchPage page(document);
        page.resize(700, 560);  // a small window: the picture is not its size
        page.show();
        QByteArray lines = traindeck::test::startLine();
        for (int i = 0; i < 20; ++i) {
            lines += traindeck::test::stepLine(i, R"("loss":0.5,"samples_per_s":100)");
            for (int r = 0; r < 6; ++r)
                lines += R"({"v":1,"event":"rank","time":)" + QByteArray::number(2 + i) + R"(,"rank":)" + QByteArray::number(r) +
                         R"(,"node":0,"step":)" + QByteArray::number(i) + R"(,"step_time_s":)" + QByteArray::number(0.1 + 0.01 * r) + "}\n";
        }
        QVERIFY(page.addSource(write("six-ranks.jsonl", lines)));
        page.replotNow();
        const int cards = int(page.cards().size());
        QVERIFY(cards >= 3);
        const QString png = tmp.filePath("fixed.png"), svg = tmp.filePath("fixed.svg");
        QVERIFY(page.exportImage(png));
        const QSize card = traindeck::gui::WatchExport::kCardPicture;
        QCOMPARE(QImage(png).size(), QSize(2 * card.width(), (cards + 1) / 2 * card.height()));
        page.resize(1400, 900);
        QVERIFY(page.exportImage(tmp.filePath("fixed-wide.png")));
        QCOMPARE(QImage(tmp.filePath("fixed-wide.png")).size(), QImage(png).size());
        QVERIFY(page.exportImage(svg));
        const QByteArray text = test_files::readFile(svg);
        for (int r = 0; r < 6; ++r)
            QVERIFY2(text.contains(">rank " + QByteArray::number(r) + "<"), qPrintable(QString("no rank %1 in the legend").arg(r)));
        // One card alone: the same size.
        const QString one = tmp.filePath("one.png");
        QVERIFY(page.exportCardPng(0, one));
        QCOMPARE(QImage(one).size(), card);
    }

    // The window on three runs (two H200 runs of a user's script with two ranks, one
    // ended), in both languages at 1920×1080 and 1366×768: rendered, and saved as
    // LANG_PAGE_WxH.png when TRAINDECK_SCREENSHOT_DIR is set (under Xvfb: what a person sees).
    void screens_data() {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QSize>("size");
        for (const char* lang : {"en", "zh_CN"})
            for (const QSize size : {QSize(1920, 1080), QSize(1366, 768)})
                QTest::addRow("%s %dx%d", lang, size.width(), size.height()) << QString(lang) << size;
    }
    void screens() {
        QFETCH(QString, language);
        QFETCH(QSize, size);
        traindeck::gui::Language lang;
        QVERIFY(lang.apply(language));
        traindeck::gui::MainWindow w(&lang);
        w.openDemo();
        w.resize(size - QSize(0, 40));  // a panel and a title bar
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        WatchPage* page = w.watchPage();
        QVERIFY(page->addSource(write("hf_trainer.jsonl", runLines(60, "NVIDIA H200", 1.9, true, true))));
        QVERIFY(page->addSource(write("lightning.jsonl", runLines(40, "NVIDIA H200", 0.07, true, false))));
        QVERIFY(page->addSource(write("torch_ddp.jsonl", runLines(50, "NVIDIA H200", 1.2, true, false))));
        const QString dir = qEnvironmentVariable("TRAINDECK_SCREENSHOT_DIR");
        const QString suffix = QStringLiteral("_%1x%2").arg(size.width()).arg(size.height());
        for (int tab = 0; tab < w.tabs()->count(); ++tab) {
            w.tabs()->setCurrentIndex(tab);
            if (w.tabs()->currentWidget() == page)
                page->replotNow();
            QTest::qWait(150);
            const QPixmap shot = w.grab();
            QVERIFY(!shot.isNull());
            if (!dir.isEmpty())
                QVERIFY(shot.save(QDir(dir).filePath(language + "_tab" + QString::number(tab) + suffix + ".png")));
        }
    }

    void addRunDialogFitsTheWindow() {
        QWidget window;
        window.resize(1366, 768);
        traindeck::gui::PlanDocument document;
        auto* page = new WatchPage(document, &window);
        page->resize(1366, 768);
        window.show();
        int width = 0;
        QTimer::singleShot(100, [&] {
            QWidget* dialog = QApplication::activeModalWidget();
            QVERIFY(dialog);
            width = dialog->width();
            dialog->close();
        });
        for (QPushButton* b : page->findChildren<QPushButton*>())
            if (b->text() == "Add run…")
                b->click();
        QVERIFY2(width > 0 && width <= 700, qPrintable(QString::number(width)));
    }
};

QTEST_MAIN(TestWatchView)
#include "tst_watch_view.moc"
