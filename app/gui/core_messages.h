#pragma once
// Core's texts in the interface language: its messages about a typed value
// ("must be at least 1, got 0"), the formulas of its figures and its findings. Core writes
// them in English for the command line; the window recognises their few
// templates and says the same in the user's language, numbers kept. A text it
// does not recognise is shown as core wrote it.

#include <QString>

#include <string>

namespace traindeck::gui {

// `recognised`, where given, says whether every part of the text had a template:
// the tests' way of finding a core message the window would show in English.
QString fieldErrorText(const QString& coreMessage, bool* recognised = nullptr);
QString formulaText(const std::string& coreFormula);
QString findingMessageText(const std::string& coreMessage);
QString findingFixText(const std::string& coreFix);
// What a generator says is missing ("needs --hosts with 2 host(s), node 0
// first"), in the Generated-files page's words.
QString generatorMessageText(const std::string& coreMessage);
// Why a measured speed fits no efficiency (core/plan/calibrate.cpp, CalibrationFit::note).
QString calibrationNoteText(const std::string& coreNote, bool* recognised = nullptr);
// validatePlan's cross-field error ("recipe.micro_batch: must be at least 1, got 0"),
// the field named by its label.
QString planErrorText(const std::string& coreError, bool* recognised = nullptr);
// Why a plan file could not be read or written (core/plan/plan_yaml.cpp):
// "FILE:LINE: key 'K': …", "FILE:LINE: not valid YAML: …", "FILE: cannot open: …".
// `path` is the file as core was given it; it, the line and the key are kept as written.
QString planFileErrorText(const QString& path, const std::string& coreError, bool* recognised = nullptr);
// A generator's refusal of its input (GenerateError: a job name Kubernetes
// forbids, a bad host, …), in the window's words where core names a flag.
QString generateErrorText(const std::string& coreError, bool* recognised = nullptr);

}  // namespace traindeck::gui
