#include "interface_language.h"

#include <QCoreApplication>
#include <QTranslator>

#include <cstdlib>

namespace traindeck::app {

QString languageCode(const QString& typed) {
    const QString t = typed.trimmed().toLower();
    if (t.startsWith(QLatin1String("zh")))
        return QStringLiteral("zh_CN");
    if (t.startsWith(QLatin1String("en")) || t == QLatin1String("c") || t.startsWith(QLatin1String("c.")) ||
        t == QLatin1String("posix"))
        return QStringLiteral("en");
    return {};
}

QString environmentLanguage() {
    const auto env = [](const char* name) { return QString::fromLocal8Bit(std::getenv(name) ? std::getenv(name) : ""); };
    QString locale;
    for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"})
        if (locale = env(name); !locale.isEmpty())
            break;
    // gettext's rule: LANGUAGE (a list, first wins) counts unless the locale is C.
    const bool cLocale = locale.isEmpty() || locale == QLatin1String("C") || locale.startsWith(QLatin1String("C.")) ||
                         locale == QLatin1String("POSIX");
    if (const QString language = env("LANGUAGE"); !language.isEmpty() && !cLocale)
        for (const QString& item : language.split(QLatin1Char(':'), Qt::SkipEmptyParts))
            if (const QString code = languageCode(item); !code.isEmpty())
                return code;
    const QString code = languageCode(locale);
    return code.isEmpty() ? QStringLiteral("en") : code;
}

bool useLanguage(const QString& code) {
    const QString resolved = code.isEmpty() ? environmentLanguage() : code;
    // English has a translation too: it spells out plural forms ("1 warning").
    static QTranslator translator;
    QCoreApplication::removeTranslator(&translator);
    if (!translator.load(QStringLiteral(":/i18n/traindeck_%1.qm").arg(resolved)))
        return false;
    return QCoreApplication::installTranslator(&translator);
}

}  // namespace traindeck::app
