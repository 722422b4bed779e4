#include "gui/window/user_guide.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QListWidget>
#include <QMenu>
#include <QRegularExpression>
#include <QScreen>
#include <QSplitter>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

// The guide's resources live in this static library: initialised before the first read.
static void initGuideResource() { Q_INIT_RESOURCE(guide); }

namespace traindeck::gui {
namespace {

QString resourceText(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// Pictures are the repository's (docs/screenshots), not compiled in: their lines are left out.
QString withoutPictures(QString markdown) {
    static const QRegularExpression picture(QStringLiteral("^!\\[[^\\]]*\\]\\([^)]*\\)\\s*$"), QRegularExpression::MultilineOption);
    return markdown.remove(picture);
}

// A dialog's size: `wanted`, no larger than 90% of the screen it opens on.
void fitToScreen(QWidget* dialog, QSize wanted) {
    if (const QScreen* screen = dialog->screen())
        wanted = wanted.boundedTo(screen->availableGeometry().size() * 0.9);
    dialog->resize(wanted);
}

}  // namespace

std::vector<UserGuide::Topic> UserGuide::topics() {
    initGuideResource();
    std::vector<Topic> out;
    // The README's introduction (before its first section), then one topic per "## " section.
    const QString readme = resourceText(QStringLiteral(":/guide/README.md"));
    static const QRegularExpression section(QStringLiteral("^## (.+)$"), QRegularExpression::MultilineOption);
    qsizetype from = 0;
    QString title = QStringLiteral("TrainDeck");
    for (auto it = section.globalMatch(readme); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out.push_back({title, withoutPictures(readme.mid(from, m.capturedStart() - from))});
        title = m.captured(1).trimmed();
        from = m.capturedStart();
    }
    out.push_back({title, withoutPictures(readme.mid(from))});
    static const QRegularExpression heading(QStringLiteral("^# (.+)$"), QRegularExpression::MultilineOption);
    for (const QFileInfo& page : QDir(QStringLiteral(":/guide/docs")).entryInfoList({QStringLiteral("*.md")}, QDir::Files, QDir::Name)) {
        const QString text = resourceText(page.filePath());
        const QRegularExpressionMatch m = heading.match(text);
        out.push_back({m.hasMatch() ? m.captured(1).trimmed() : page.baseName(), withoutPictures(text)});
    }
    return out;
}

UserGuide::UserGuide(QWidget* parent) : QDialog(parent), m_topics(topics()) {
    setObjectName(QStringLiteral("userGuide"));
    setWindowTitle(tr("TrainDeck user's guide"));
    auto* split = new QSplitter(this);
    m_list = new QListWidget(split);
    m_list->setWordWrap(true);  // "Metrics protocol: JSON lines from the trainer…" whole, not cut at the edge
    for (const Topic& t : m_topics)
        m_list->addItem(t.title);
    m_page = new QTextBrowser(split);
    m_page->setOpenExternalLinks(true);
    split->addWidget(m_list);
    split->addWidget(m_page);
    split->setStretchFactor(1, 1);
    split->setSizes({240, 660});
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* column = new QVBoxLayout(this);
    column->addWidget(split, 1);
    column->addWidget(buttons);
    connect(m_list, &QListWidget::currentRowChanged, this, &UserGuide::showTopic);
    m_list->setCurrentRow(0);
    fitToScreen(this, QSize(960, 720));
}

void UserGuide::showTopic(int index) {
    if (index < 0 || index >= int(m_topics.size()))
        return;
    if (m_list->currentRow() != index)
        m_list->setCurrentRow(index);
    m_page->setMarkdown(m_topics[std::size_t(index)].markdown);
}

QString UserGuide::shownText() const { return m_page->toPlainText(); }

ShortcutList::ShortcutList(const QList<QAction*>& menuActions, QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("shortcutList"));
    setWindowTitle(tr("Keyboard shortcuts"));
    m_table = new QTableWidget(0, 2, this);
    m_table->setHorizontalHeaderLabels({tr("Action"), tr("Keys")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    // The menus' actions, submenus included: the table is whatever the window defines.
    std::vector<QAction*> actions(menuActions.begin(), menuActions.end());
    for (std::size_t i = 0; i < actions.size(); ++i) {
        QAction* a = actions[i];
        if (a->menu()) {
            for (QAction* sub : a->menu()->actions())
                actions.push_back(sub);
            continue;
        }
        if (a->shortcut().isEmpty())
            continue;
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        m_table->setItem(row, 0, new QTableWidgetItem(QString(a->text()).remove(QLatin1Char('&'))));
        m_table->setItem(row, 1, new QTableWidgetItem(a->shortcut().toString(QKeySequence::NativeText)));
    }
    m_table->resizeColumnToContents(1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* column = new QVBoxLayout(this);
    column->addWidget(m_table, 1);
    column->addWidget(buttons);
    fitToScreen(this, QSize(520, 560));
}

int ShortcutList::rows() const { return m_table->rowCount(); }

}  // namespace traindeck::gui
