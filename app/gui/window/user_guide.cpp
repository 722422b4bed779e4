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
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QImage>
#include <QLocale>
#include <QUrl>
#include <QVBoxLayout>

// The guide's resources live in this static library: initialised before the first read.
static void initGuideResource() { Q_INIT_RESOURCE(guide); }

namespace traindeck::gui {
namespace {

QString resourceText(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// The README's pictures (the repository's screenshots, side by side in a table) are
// left out of the reference, each for its words: a table of 1500-pixel pictures does
// not fit a dialog. The guide's own pictures are compiled in and shown at the page's width.
QString withoutPictures(QString markdown) {
    static const QRegularExpression picture(QStringLiteral("!\\[([^\\]]*)\\]\\([^)]*\\)"));
    return markdown.replace(picture, QStringLiteral("\\1"));
}

// `markdown`'s text before its first "## " as a topic titled `intro`, then one topic per "## " section.
void addSections(std::vector<UserGuide::Topic>& out, const QString& markdown, QString intro) {
    static const QRegularExpression section(QStringLiteral("^## (.+)$"), QRegularExpression::MultilineOption);
    qsizetype from = 0;
    for (auto it = section.globalMatch(markdown); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out.push_back({intro, markdown.mid(from, m.capturedStart() - from)});
        intro = m.captured(1).trimmed();
        from = m.capturedStart();
    }
    out.push_back({intro, markdown.mid(from)});
}

// A picture as QTextBrowser loads it: the file's bytes (or an image already made).
QImage pictureOf(const QVariant& loaded) {
    if (loaded.typeId() == QMetaType::QImage)
        return loaded.value<QImage>();
    QImage image;
    image.loadFromData(loaded.toByteArray());
    return image;
}

QString headingOf(const QString& markdown, const QString& otherwise) {
    static const QRegularExpression heading(QStringLiteral("^# (.+)$"), QRegularExpression::MultilineOption);
    const QRegularExpressionMatch m = heading.match(markdown);
    return m.hasMatch() ? m.captured(1).trimmed() : otherwise;
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
    // The user's guide first, in the interface's language (Chinese, else English), a topic
    // per section: a new user reads what the window does before how it is built.
    const bool chinese = QLocale().language() == QLocale::Chinese;
    const QString guide = resourceText(chinese ? QStringLiteral(":/guide/docs/user-guide.zh_CN.md")
                                               : QStringLiteral(":/guide/docs/user-guide.md"));
    addSections(out, guide, headingOf(guide, tr("User's guide")));
    // Then the reference, in English: the README's introduction and sections, and each docs/ page whole.
    addSections(out, withoutPictures(resourceText(QStringLiteral(":/guide/README.md"))), QStringLiteral("TrainDeck"));
    for (const QFileInfo& page : QDir(QStringLiteral(":/guide/docs")).entryInfoList({QStringLiteral("*.md")}, QDir::Files, QDir::Name)) {
        if (page.fileName().startsWith(QLatin1String("user-guide")))
            continue;
        const QString text = resourceText(page.filePath());
        out.push_back({headingOf(text, page.baseName()), withoutPictures(text)});
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
    m_page->setSearchPaths({QStringLiteral(":/guide/docs")});  // the guide's pictures: screenshots/…
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
    fitPictures();
}

// The guide's screenshots (1500 pixels wide) at the page's width, their height in proportion.
void UserGuide::fitPictures() {
    QTextDocument* doc = m_page->document();
    std::vector<std::pair<int, int>> pictures;  // position and length of each
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it)
            if (it.fragment().charFormat().isImageFormat())
                pictures.emplace_back(it.fragment().position(), it.fragment().length());
    const int width = std::max(240, m_page->viewport()->width() - 2 * int(doc->documentMargin()) - 8);
    for (const auto& [at, length] : pictures) {
        QTextCursor cursor(doc);
        cursor.setPosition(at);
        cursor.setPosition(at + length, QTextCursor::KeepAnchor);
        QTextImageFormat picture = cursor.charFormat().toImageFormat();
        const QImage image = pictureOf(m_page->loadResource(QTextDocument::ImageResource, QUrl(picture.name())));
        if (image.isNull() || image.width() <= width)
            continue;
        picture.setWidth(width);
        picture.setHeight(double(width) * image.height() / image.width());
        cursor.setCharFormat(picture);
    }
}

QStringList UserGuide::missingPictures() const {
    QStringList missing;
    for (QTextBlock b = m_page->document()->begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it)
            if (const QTextCharFormat f = it.fragment().charFormat(); f.isImageFormat()) {
                const QString name = f.toImageFormat().name();
                if (pictureOf(m_page->loadResource(QTextDocument::ImageResource, QUrl(name))).isNull())
                    missing << name;
            }
    return missing;
}

void UserGuide::resizeEvent(QResizeEvent* event) {
    QDialog::resizeEvent(event);
    if (m_page)
        fitPictures();  // at the new width
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
