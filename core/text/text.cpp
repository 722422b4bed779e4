#include "text/text.h"

#include <cstdio>

namespace traindeck {

Text::Text(TextTemplate t, std::vector<Text> args)
    : context_(t.context ? t.context : ""), source_(t.source ? t.source : ""), args_(std::move(args)) {}

Text Text::value(std::string text) {
    Text t;
    t.value_ = std::move(text);
    return t;
}

Text Text::field(std::string key, std::string plainName) {
    Text t = value(std::move(plainName));
    t.field_ = std::move(key);
    return t;
}

Text Text::concat(std::vector<Text> parts) {
    // A template of "%1%2…" with no context: it is made here, never marked for
    // lupdate, and a translator returns it as it is.
    static const std::vector<std::string> glue = [] {
        std::vector<std::string> g(1);
        for (int n = 1; n <= 99; ++n)
            g.push_back(g.back() + "%" + std::to_string(n));
        return g;
    }();
    if (parts.size() >= glue.size())
        parts.resize(glue.size() - 1);
    const std::size_t n = parts.size();
    return Text(TextTemplate{"", glue[n].c_str()}, std::move(parts));
}

bool Text::empty() const { return isValue() ? value_.empty() : *source_ == '\0'; }

std::string Text::render(const Translator& translate, const FieldNamer& nameField) const {
    if (isValue()) {
        if (!field_.empty() && nameField)
            if (std::string name = nameField(field_); !name.empty())
                return name;
        return value_;
    }
    std::vector<std::string> rendered;
    rendered.reserve(args_.size());
    for (const Text& a : args_)
        rendered.push_back(a.render(translate, nameField));
    const bool glue = *context_ == '\0';  // concat(): nothing to translate
    return fillTemplate(translate && !glue ? translate(context_, source_) : std::string(source_), rendered);
}

std::string Text::english() const { return render(nullptr); }

bool Text::operator==(const Text& o) const {
    if (isValue() || o.isValue())
        return isValue() == o.isValue() && value_ == o.value_ && field_ == o.field_;
    return std::string_view(context_) == o.context_ && std::string_view(source_) == o.source_ && args_ == o.args_;
}

std::string fillTemplate(const std::string& tmpl, const std::vector<std::string>& args) {
    std::string out;
    out.reserve(tmpl.size());
    for (std::size_t i = 0; i < tmpl.size(); ++i) {
        const char c = tmpl[i];
        if (c == '%' && i + 1 < tmpl.size() && tmpl[i + 1] >= '1' && tmpl[i + 1] <= '9') {
            // Like QString::arg: one or two digits name the argument.
            std::size_t n = std::size_t(tmpl[i + 1] - '0');
            std::size_t len = 2;
            if (i + 2 < tmpl.size() && tmpl[i + 2] >= '0' && tmpl[i + 2] <= '9' && n * 10 + std::size_t(tmpl[i + 2] - '0') <= args.size()) {
                n = n * 10 + std::size_t(tmpl[i + 2] - '0');
                len = 3;
            }
            if (n <= args.size()) {
                out += args[n - 1];
                i += len - 1;
                continue;
            }
        }
        out += c;
    }
    return out;
}

std::string printable(std::string_view value, std::size_t maxLength) {
    std::string out;
    std::size_t shown = 0;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(value[i]);
        const bool startsCharacter = (c & 0xC0) != 0x80;  // not a UTF-8 continuation byte
        if (startsCharacter && shown >= maxLength) {
            out += "…";
            break;
        }
        if (c == '\n')
            out += "\\n";
        else if (c == '\t')
            out += "\\t";
        else if (c == '\r')
            out += "\\r";
        else if (c < 0x20 || c == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else
            out += char(c);
        if (startsCharacter)
            ++shown;
    }
    return out;
}

}  // namespace traindeck
