#pragma once
// A page's banner line (the Launch page, its Slurm job panel): what goes on or how
// it ended, red when something failed. It holds how to say its text rather than the
// text, and says it again when the interface language changes, so that a banner
// shown before a switch is not left in the old language.

#include <QLabel>

#include <functional>

namespace traindeck::gui {

class Banner : public QLabel {
public:
    explicit Banner(QWidget* parent = nullptr);

    // Shows the banner; `text` is asked now and again at each change of language.
    void say(std::function<QString()> text, bool failing);
    void clear();  // hidden, nothing to say
    // What it says now; empty while hidden.
    QString shown() const { return isHidden() ? QString() : text(); }

protected:
    void changeEvent(QEvent* event) override;

private:
    std::function<QString()> m_text;
};

}  // namespace traindeck::gui
