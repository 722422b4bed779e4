#pragma once
// Help › User's guide: the user's guide (docs/user-guide*.md, in the interface's
// language, with its screenshots), then the README's sections and the docs/ pages as
// the reference, compiled into the program (resources/guide.qrc), so the guide reads
// offline and is the same text the repository shows. A list of topics on the left,
// the page on the right.

#include <QDialog>
#include <QString>

#include <vector>

class QListWidget;
class QTableWidget;
class QTextBrowser;

namespace traindeck::gui {

class UserGuide : public QDialog {
    Q_OBJECT
public:
    explicit UserGuide(QWidget* parent = nullptr);

    struct Topic {
        QString title;
        QString markdown;
    };
    // The guide's "## " sections, the README's, then each docs/ page whole (titled by its "# " line).
    static std::vector<Topic> topics();
    void showTopic(int index);
    QString shownText() const;  // the page shown, as plain text (for tests)
    QStringList missingPictures() const;  // the page's pictures that do not load (for tests)

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void fitPictures();

    std::vector<Topic> m_topics;
    QListWidget* m_list = nullptr;
    QTextBrowser* m_page = nullptr;
};

// Help › Keyboard shortcuts: every action of the window's menus that has a key.
class ShortcutList : public QDialog {
    Q_OBJECT
public:
    explicit ShortcutList(const QList<QAction*>& menuActions, QWidget* parent = nullptr);
    int rows() const;

private:
    QTableWidget* m_table = nullptr;
};

}  // namespace traindeck::gui
