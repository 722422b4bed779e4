#pragma once
// The interface language: English or Simplified Chinese, switchable while the
// window is open. Installing translators makes Qt send every widget a
// LanguageChange event; each widget retranslates itself in changeEvent().
// The default QLocale follows the language, so numbers are formatted for it.

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTranslator>

#include <memory>

namespace traindeck::gui {

class Language : public QObject {
    Q_OBJECT
public:
    explicit Language(QObject* parent = nullptr);
    ~Language() override;

    // The languages offered, as codes: "en", "zh_CN".
    static QStringList available();
    // The language's own name ("English", "简体中文"), so a user can find theirs
    // whatever the current language is.
    static QString nativeName(const QString& code);
    // "" (follow the system) resolves to the system's language when we have
    // it, and to English otherwise.
    static QString resolve(const QString& code);

    // Installs the translators for `code` ("" = system). Returns false when the
    // compiled-in translation is missing, leaving English in place.
    bool apply(const QString& code);
    QString current() const { return m_current; }

private:
    void removeTranslators();

    QString m_current;
    std::unique_ptr<QTranslator> m_app;
    std::unique_ptr<QTranslator> m_qt;
};

}  // namespace traindeck::gui
