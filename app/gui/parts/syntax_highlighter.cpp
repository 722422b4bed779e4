#include "gui/parts/syntax_highlighter.h"

#include <QFileInfo>

namespace traindeck::gui {

namespace {
QTextCharFormat styled(const QColor& color, bool bold = false, bool italic = false) {
    QTextCharFormat f;
    f.setForeground(color);
    if (bold)
        f.setFontWeight(QFont::Bold);
    f.setFontItalic(italic);
    return f;
}
const QColor kKey(0x1f, 0x4e, 0x79);
const QColor kString(0x2e, 0x7d, 0x32);
const QColor kNumber(0xa0, 0x52, 0x00);
const QColor kComment(0x75, 0x75, 0x75);
const QColor kKeyword(0x7b, 0x1f, 0xa2);
const QColor kVariable(0xad, 0x14, 0x57);
}  // namespace

SyntaxHighlighter::SyntaxHighlighter(QTextDocument* document) : QSyntaxHighlighter(document) {}

SyntaxHighlighter::Language SyntaxHighlighter::languageFor(const QString& path, const QString& content) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("yaml") || suffix == QLatin1String("yml"))
        return Language::Yaml;
    if (suffix == QLatin1String("json"))
        return Language::Json;
    if (suffix == QLatin1String("sh") || suffix == QLatin1String("sbatch") || suffix == QLatin1String("bash") ||
        content.startsWith(QLatin1String("#!")))
        return Language::Shell;
    return Language::Plain;
}

void SyntaxHighlighter::setLanguage(Language language) {
    m_language = language;
    m_rules.clear();
    const auto add = [this](const char* pattern, const QTextCharFormat& f, int group = 0) {
        m_rules.push_back({QRegularExpression(QString::fromLatin1(pattern)), f, group});
    };
    // Later rules win: strings and comments come last so nothing inside them is recoloured.
    switch (language) {
    case Language::Yaml:
        add(R"(^\s*(?:-\s+)?([A-Za-z0-9_.\-/]+)\s*:(?=\s|$))", styled(kKey, true), 1);
        add(R"(^\s*(-)\s)", styled(kKeyword, true), 1);
        add(R"((?<=[:\s])-?\b\d+(\.\d+)?([eE][-+]?\d+)?\b)", styled(kNumber));
        add(R"(:\s*(true|false|null)\s*$)", styled(kKeyword), 1);
        add(R"("(?:[^"\\]|\\.)*"|'[^']*')", styled(kString));
        add(R"((^|\s)#.*$)", styled(kComment, false, true));
        break;
    case Language::Shell:
        add(R"(\b(export|if|then|else|elif|fi|for|in|do|done|case|esac|while|exec|set|local|function|return)\b)",
            styled(kKeyword, true));
        add(R"(^\s*#SBATCH.*$)", styled(kKey, true));
        add(R"(\$\{?[A-Za-z_][A-Za-z0-9_]*\}?)", styled(kVariable));
        add(R"("(?:[^"\\]|\\.)*"|'[^']*')", styled(kString));
        add(R"((^|\s)#(?!SBATCH).*$)", styled(kComment, false, true));
        break;
    case Language::Json:
        add(R"(-?\b\d+(\.\d+)?([eE][-+]?\d+)?\b)", styled(kNumber));
        add(R"(\b(true|false|null)\b)", styled(kKeyword));
        add(R"("(?:[^"\\]|\\.)*")", styled(kString));
        add(R"(("(?:[^"\\]|\\.)*")\s*:)", styled(kKey, true), 1);
        break;
    case Language::Plain:
        add(R"((^|\s)#.*$)", styled(kComment, false, true));
        break;
    }
    rehighlight();
}

void SyntaxHighlighter::highlightBlock(const QString& text) {
    for (const Rule& rule : m_rules) {
        auto it = rule.pattern.globalMatch(text);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            if (m.capturedStart(rule.group) >= 0)
                setFormat(int(m.capturedStart(rule.group)), int(m.capturedLength(rule.group)), rule.format);
        }
    }
}

}  // namespace traindeck::gui
