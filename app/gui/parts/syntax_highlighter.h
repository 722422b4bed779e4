#pragma once
// Syntax highlighting of generated files in the preview: YAML (Kubernetes,
// accelerate), shell (SLURM, SSH launchers), JSON (DeepSpeed). The language
// follows the file's name; anything else is shown plain with its comments.

#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

#include <vector>

namespace traindeck::gui {

class SyntaxHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    enum class Language { Plain, Yaml, Shell, Json };
    explicit SyntaxHighlighter(QTextDocument* document);

    static Language languageFor(const QString& path, const QString& content);
    void setLanguage(Language language);
    Language language() const { return m_language; }

protected:
    void highlightBlock(const QString& text) override;

private:
    struct Rule {
        QRegularExpression pattern;
        QTextCharFormat format;
        int group = 0;  // the capture group to colour; 0: the whole match
    };
    Language m_language = Language::Plain;
    std::vector<Rule> m_rules;
};

}  // namespace traindeck::gui
