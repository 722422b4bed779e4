#pragma once
// A user-facing text of core: an English template with numbered arguments
// (%1 … %99) and the translation context it belongs to. Core builds Texts and
// never finished sentences in a language; a face renders them:
//   - english(): the template as written, for the trainer, tests and any caller without Qt;
//   - render(translate): the face's translator gives the template in the user's
//     language (the app passes QCoreApplication::translate), and the arguments go in.
// Qt's lupdate finds every template because the build names TD_TEXT as an alias of
// QT_TRANSLATE_NOOP (lupdate -tr-function-alias QT_TRANSLATE_NOOP+=TD_TEXT):
//
//     Text message = Text(TD_TEXT("Findings", "the global batch %1 is not a multiple of %2"),
//                         {Text::value(formatNumber(batch)), Text::value(formatNumber(unit))});
//
// An argument is itself a Text: a value (a number, a name, a path: never
// translated) or another template (a noun, a field's label), translated in turn.
// Core stays free of Qt: this file is plain C++.

#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace traindeck {

struct TextTemplate {
    const char* context;
    const char* source;  // English, with %1 … %99
};

// Marks a template for lupdate (alias of QT_TRANSLATE_NOOP) and makes a TextTemplate.
#define TD_TEXT(context, source) (::traindeck::TextTemplate{context, source})

class Text {
public:
    Text() = default;
    Text(TextTemplate t, std::vector<Text> args = {});

    // A value shown as it is, in every language.
    static Text value(std::string text);
    // A plan field named in a message: `plainName` (its key or its command-line flag,
    // what the command line and english() show); a face with names of its own for
    // fields (the window's labels) renders it through its FieldNamer instead.
    static Text field(std::string key, std::string plainName);
    // The parts one after another, untranslated glue: a list whose length varies
    // ("use micro-batch 4 × accumulation 2, or micro-batch 2 × accumulation 4").
    static Text concat(std::vector<Text> parts);

    bool empty() const;
    bool isValue() const { return source_ == nullptr; }
    const char* context() const { return context_; }
    const char* source() const { return source_; }
    const std::string& valueText() const { return value_; }
    const std::vector<Text>& args() const { return args_; }
    const std::string& fieldKey() const { return field_; }  // empty unless field()

    // `translate(context, source)` returns the template in the wanted language
    // (the source itself where it has no translation).
    using Translator = std::function<std::string(const char* context, const char* source)>;
    // A face's own name for a plan field (by key); empty: the field's plainName.
    using FieldNamer = std::function<std::string(const std::string& key)>;
    std::string render(const Translator& translate, const FieldNamer& nameField = {}) const;
    std::string english() const;

    bool operator==(const Text&) const;

private:
    const char* context_ = "";
    const char* source_ = nullptr;  // null: a value
    std::string value_;
    std::string field_;  // the plan field's key, for a value that names one
    std::vector<Text> args_;
};

// Puts rendered arguments into a template: %n (n from 1) becomes args[n-1];
// a %n with no argument, and a % not followed by a digit, stay as written.
std::string fillTemplate(const std::string& tmpl, const std::vector<std::string>& args);

// Quotes a user's value for a one-line message: printable, on one line, at most
// `maxLength` characters (control characters as \n, \t, \xNN; longer values cut with …).
std::string printable(std::string_view value, std::size_t maxLength = 80);
// printable()'s length for a value shown whole: a name a refusal quotes, a node's error.
inline constexpr std::size_t kWholeValue = std::string_view::npos;

}  // namespace traindeck
