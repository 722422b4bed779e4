#include "gui/core_messages.h"

#include "gui/field_sections.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

#include <cerrno>
#include <cstring>
#include <vector>

namespace traindeck::gui {

namespace {

// A text of core as a pattern, and the same text with %1, %2 … for its
// captures: the English source for Qt Linguist.
struct Template {
    const char* pattern;
    const char* text;
    int nounArg = 0;  // the capture (1-based) that is one of core's nouns ("network"): translated too
};

// The templates of core/plan/plan_fields.cpp. The English text is core's own,
// so the English interface reads exactly as the command line does.
const Template kTemplates[] = {
    {R"(^expected a whole number, got '(.*)'$)", QT_TRANSLATE_NOOP("CoreMessages", "expected a whole number, got '%1'")},
    {R"(^expected a number, got '(.*)'$)", QT_TRANSLATE_NOOP("CoreMessages", "expected a number, got '%1'")},
    {R"(^must be at least (\S+), got (.*)$)", QT_TRANSLATE_NOOP("CoreMessages", "must be at least %1, got %2")},
    {R"(^must be at most (\S+), got (.*)$)", QT_TRANSLATE_NOOP("CoreMessages", "must be at most %1, got %2")},
    {R"(^must be greater than (\S+), got (.*)$)", QT_TRANSLATE_NOOP("CoreMessages", "must be greater than %1, got %2")},
    {R"(^expected true or false, got '(.*)'$)", QT_TRANSLATE_NOOP("CoreMessages", "expected true or false, got '%1'")},
    {R"(^expected one of (.*), got '(.*)'$)", QT_TRANSLATE_NOOP("CoreMessages", "expected one of %1, got '%2'")},
    {R"(^expected tiny, base, large or nothing, got '(.*)'$)",
     QT_TRANSLATE_NOOP("CoreMessages", "expected tiny, base, large or nothing, got '%1'")},
    {R"(^expected layouts like 1x8,2x8, got '(.*)'$)",
     QT_TRANSLATE_NOOP("CoreMessages", "expected layouts like 1x8,2x8, got '%1'")},
    {R"(^must be a single line$)", QT_TRANSLATE_NOOP("CoreMessages", "must be a single line")},
    {R"(^unknown (.+) '(.*)' \(known: (.*)\)$)", QT_TRANSLATE_NOOP("CoreMessages", "unknown %1 '%2' (known: %3)"), 1},
    // core/plan/calibrate.cpp: the measured speed of a plan file's calibration.
    {R"(^expected LAYOUT=VALUE with a unit, e\.g\. 2x8=0\.9steps/s, 2x8=115samples/s or 2x8=1\.1s/step; got '(.*)'$)",
     QT_TRANSLATE_NOOP("CoreMessages", "expected LAYOUT=VALUE with a unit, e.g. 2x8=0.9steps/s, 2x8=115samples/s or 2x8=1.1s/step; got '%1'")},
    {R"(^calibration needs a positive number after '=', got '(.*)'$)",
     QT_TRANSLATE_NOOP("CoreMessages", "calibration needs a positive number after '=', got '%1'")},
    {R"(^unknown calibration unit '(.*)' \(use steps/s, samples/s or s/step\)$)",
     QT_TRANSLATE_NOOP("CoreMessages", "unknown calibration unit '%1' (use steps/s, samples/s or s/step)")},
    // validatePlan and setPlanField.
    {R"(^unknown preset '(.*)'$)", QT_TRANSLATE_NOOP("CoreMessages", "unknown preset '%1'")},
    {R"(^unknown plan field '(.*)'$)", QT_TRANSLATE_NOOP("CoreMessages", "unknown plan field '%1'")},
    {R"(^plan version (\d+) is newer than this TrainDeck reads \((\d+)\)$)",
     QT_TRANSLATE_NOOP("CoreMessages", "plan version %1 is newer than this TrainDeck reads (%2)")},
    // What core/plan/plan_yaml.cpp says about one entry of a plan file.
    {R"(^expected a single value$)", QT_TRANSLATE_NOOP("CoreMessages", "expected a single value")},
    {R"(^a plan file is a map of sections \(cluster, model, recipe, \.\.\.\)$)",
     QT_TRANSLATE_NOOP("CoreMessages", "a plan file is a map of sections (cluster, model, recipe, ...)")},
    {R"(^expected a whole number$)", QT_TRANSLATE_NOOP("CoreMessages", "expected a whole number")},
    {R"(^plan version (-?\d+) is not one this TrainDeck reads \(1 to (\d+)\)$)",
     QT_TRANSLATE_NOOP("CoreMessages", "plan version %1 is not one this TrainDeck reads (1 to %2)")},
    {R"(^unknown section \(expected (.*)\)$)", QT_TRANSLATE_NOOP("CoreMessages", "unknown section (expected %1)")},
    {R"(^expected a map of fields$)", QT_TRANSLATE_NOOP("CoreMessages", "expected a map of fields")},
    {R"(^expected a map of NAME: value$)", QT_TRANSLATE_NOOP("CoreMessages", "expected a map of NAME: value")},
    {R"(^expected a text value$)", QT_TRANSLATE_NOOP("CoreMessages", "expected a text value")},
    {R"(^unknown field$)", QT_TRANSLATE_NOOP("CoreMessages", "unknown field")},
};

// Why a measured speed fits no efficiency (core/plan/calibrate.cpp).
const Template kCalibrationNotes[] = {
    {R"(^the measured step is faster than the model allows even at MFU 1: the network or NVLink is faster than the catalogue says, or communication overlaps better than assumed$)",
     QT_TRANSLATE_NOOP("CoreMessages", "the measured step is faster than the model allows even at MFU 1: the network or NVLink is faster than the catalogue says, or communication overlaps better than assumed")},
    {R"(^the measured step is slower than the model gives at MFU 0\.0001: check the measurement's unit$)",
     QT_TRANSLATE_NOOP("CoreMessages", "the measured step is slower than the model gives at MFU 0.0001: check the measurement's unit")},
};

// The nouns core puts into its messages ("unknown network 'x'", "namespace
// 'X' is not a valid Kubernetes name"), where they are words and not names.
const struct {
    const char* core;
    const char* text;
} kNouns[] = {
    {"GPU", QT_TRANSLATE_NOOP("CoreMessages", "GPU")},
    {"network", QT_TRANSLATE_NOOP("CoreMessages", "network")},
    {"namespace", QT_TRANSLATE_NOOP("CoreMessages", "namespace")},
    {"priority class", QT_TRANSLATE_NOOP("CoreMessages", "priority class")},
    {"volume claim", QT_TRANSLATE_NOOP("CoreMessages", "volume claim")},
    {"secret", QT_TRANSLATE_NOOP("CoreMessages", "secret")},
    // SLURM's words name the command line's flags; the window's field is "Queue / partition".
    {"partition (--queue)", QT_TRANSLATE_NOOP("CoreMessages", "partition")},
    {"QOS (--qos)", QT_TRANSLATE_NOOP("CoreMessages", "QOS")},
    {"time limit", QT_TRANSLATE_NOOP("CoreMessages", "time limit")},
};

// yaml-cpp's words for a file that is not YAML (yaml-cpp/exceptions.h), the
// ones a hand-edited plan file runs into.
const Template kYamlErrors[] = {
    {R"(^end of map not found$)", QT_TRANSLATE_NOOP("PlanFiles", "end of map not found")},
    {R"(^end of map flow not found$)", QT_TRANSLATE_NOOP("PlanFiles", "end of map flow not found")},
    {R"(^end of sequence not found$)", QT_TRANSLATE_NOOP("PlanFiles", "end of sequence not found")},
    {R"(^end of sequence flow not found$)", QT_TRANSLATE_NOOP("PlanFiles", "end of sequence flow not found")},
    {R"(^illegal map value$)", QT_TRANSLATE_NOOP("PlanFiles", "illegal map value")},
    {R"(^illegal map key$)", QT_TRANSLATE_NOOP("PlanFiles", "illegal map key")},
    {R"(^illegal block entry$)", QT_TRANSLATE_NOOP("PlanFiles", "illegal block entry")},
    {R"(^illegal flow end$)", QT_TRANSLATE_NOOP("PlanFiles", "illegal flow end")},
    {R"(^illegal EOF in scalar$)", QT_TRANSLATE_NOOP("PlanFiles", "illegal EOF in scalar")},
    {R"(^illegal character in scalar$)", QT_TRANSLATE_NOOP("PlanFiles", "illegal character in scalar")},
    {R"(^illegal document indicator in scalar$)", QT_TRANSLATE_NOOP("PlanFiles", "illegal document indicator in scalar")},
    {R"(^illegal tab when looking for indentation$)", QT_TRANSLATE_NOOP("PlanFiles", "illegal tab when looking for indentation")},
    {R"(^unknown token$)", QT_TRANSLATE_NOOP("PlanFiles", "unknown token")},
    {R"(^unknown escape character: (.*)$)", QT_TRANSLATE_NOOP("PlanFiles", "unknown escape character: %1")},
    {R"(^invalid unicode: (.*)$)", QT_TRANSLATE_NOOP("PlanFiles", "invalid unicode: %1")},
    {R"(^bad character found while scanning hex number$)",
     QT_TRANSLATE_NOOP("PlanFiles", "bad character found while scanning hex number")},
    {R"(^the referenced anchor is not defined$)", QT_TRANSLATE_NOOP("PlanFiles", "the referenced anchor is not defined")},
    {R"(^alias not found after \*$)", QT_TRANSLATE_NOOP("PlanFiles", "alias not found after *")},
    {R"(^anchor not found after &$)", QT_TRANSLATE_NOOP("PlanFiles", "anchor not found after &")},
    {R"(^illegal character found while scanning alias$)",
     QT_TRANSLATE_NOOP("PlanFiles", "illegal character found while scanning alias")},
    {R"(^illegal character found while scanning anchor$)",
     QT_TRANSLATE_NOOP("PlanFiles", "illegal character found while scanning anchor")},
    {R"(^cannot assign multiple tags to the same node$)",
     QT_TRANSLATE_NOOP("PlanFiles", "cannot assign multiple tags to the same node")},
    {R"(^cannot assign multiple anchors to the same node$)",
     QT_TRANSLATE_NOOP("PlanFiles", "cannot assign multiple anchors to the same node")},
    {R"(^cannot assign multiple aliases to the same node$)",
     QT_TRANSLATE_NOOP("PlanFiles", "cannot assign multiple aliases to the same node")},
    {R"(^aliases can't have any content, \*including\* tags$)",
     QT_TRANSLATE_NOOP("PlanFiles", "aliases can't have any content, *including* tags")},
    {R"(^unexpected character in block scalar$)", QT_TRANSLATE_NOOP("PlanFiles", "unexpected character in block scalar")},
    {R"(^cannot set zero indentation for a block scalar$)",
     QT_TRANSLATE_NOOP("PlanFiles", "cannot set zero indentation for a block scalar")},
    {R"(^invalid character in tag handle$)", QT_TRANSLATE_NOOP("PlanFiles", "invalid character in tag handle")},
    {R"(^tag handle with no suffix$)", QT_TRANSLATE_NOOP("PlanFiles", "tag handle with no suffix")},
    {R"(^end of verbatim tag not found$)", QT_TRANSLATE_NOOP("PlanFiles", "end of verbatim tag not found")},
    {R"(^invalid tag$)", QT_TRANSLATE_NOOP("PlanFiles", "invalid tag")},
    {R"(^invalid anchor$)", QT_TRANSLATE_NOOP("PlanFiles", "invalid anchor")},
    {R"(^invalid alias$)", QT_TRANSLATE_NOOP("PlanFiles", "invalid alias")},
    {R"(^invalid node; .*$)", QT_TRANSLATE_NOOP("PlanFiles", "invalid node")},
    {R"(^bad conversion$)", QT_TRANSLATE_NOOP("PlanFiles", "bad conversion")},
    {R"(^YAML directives must have exactly one argument$)",
     QT_TRANSLATE_NOOP("PlanFiles", "YAML directives must have exactly one argument")},
    {R"(^bad YAML version: (.*)$)", QT_TRANSLATE_NOOP("PlanFiles", "bad YAML version: %1")},
    {R"(^YAML major version too large$)", QT_TRANSLATE_NOOP("PlanFiles", "YAML major version too large")},
    {R"(^repeated YAML directive$)", QT_TRANSLATE_NOOP("PlanFiles", "repeated YAML directive")},
    {R"(^TAG directives must have exactly two arguments$)",
     QT_TRANSLATE_NOOP("PlanFiles", "TAG directives must have exactly two arguments")},
    {R"(^repeated TAG directive$)", QT_TRANSLATE_NOOP("PlanFiles", "repeated TAG directive")},
};

// The system's reasons a file cannot be opened or written (strerror), by
// number: matched against what this system's C library says for each.
const struct {
    int code;
    const char* text;
} kSystemErrors[] = {
    {ENOENT, QT_TRANSLATE_NOOP("PlanFiles", "No such file or directory")},
    {EACCES, QT_TRANSLATE_NOOP("PlanFiles", "Permission denied")},
    {EPERM, QT_TRANSLATE_NOOP("PlanFiles", "Operation not permitted")},
    {EISDIR, QT_TRANSLATE_NOOP("PlanFiles", "Is a directory")},
    {ENOTDIR, QT_TRANSLATE_NOOP("PlanFiles", "Not a directory")},
    {EROFS, QT_TRANSLATE_NOOP("PlanFiles", "Read-only file system")},
    {ENOSPC, QT_TRANSLATE_NOOP("PlanFiles", "No space left on device")},
    {EDQUOT, QT_TRANSLATE_NOOP("PlanFiles", "Disk quota exceeded")},
    {ENAMETOOLONG, QT_TRANSLATE_NOOP("PlanFiles", "File name too long")},
    {ELOOP, QT_TRANSLATE_NOOP("PlanFiles", "Too many levels of symbolic links")},
    {EIO, QT_TRANSLATE_NOOP("PlanFiles", "Input/output error")},
    {EBUSY, QT_TRANSLATE_NOOP("PlanFiles", "Device or resource busy")},
    {EXDEV, QT_TRANSLATE_NOOP("PlanFiles", "Invalid cross-device link")},
    {EMFILE, QT_TRANSLATE_NOOP("PlanFiles", "Too many open files")},
    {EEXIST, QT_TRANSLATE_NOOP("PlanFiles", "File exists")},
    // savePlanFile reports a failed rename after cleaning up, whose success
    // replaces the rename's reason: "cannot replace: Success".
    {0, QT_TRANSLATE_NOOP("PlanFiles", "reason unknown")},
};

// What core/generate refuses (GenerateError). Where core names a command-line
// flag the window has a field for, the text names the field instead.
const Template kGenerateErrors[] = {
    {R"(^environment variable name '(.*)' is not valid: use letters, digits and '_', not starting with a digit$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "environment variable name '%1' is not valid: use letters, digits and '_', not starting with a digit")},
    {R"(^environment variable (\S+) is set by the entrypoint for each node and cannot be overridden$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "environment variable %1 is set by the entrypoint for each node and cannot be overridden")},
    {R"(^environment variable (\S+) looks like a secret and would be written in plain text: pass it by reference with --secret-env (\S+)=SECRET:KEY$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "environment variable %1 looks like a secret and would be written in plain text: pass it by reference with the command line's --secret-env %2=SECRET:KEY")},
    {R"(^environment variable (\S+) holds a NUL byte, which no environment can carry$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "environment variable %1 holds a NUL byte, which no environment can carry")},
    {R"(^secret variable name '(.*)' is not a valid environment name$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "secret variable name '%1' is not a valid environment name")},
    {R"(^secret variable (\S+) would override a variable the entrypoint sets$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "secret variable %1 would override a variable the entrypoint sets")},
    {R"(^variable (\S+) is given both as a secret and as a plain value$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "variable %1 is given both as a secret and as a plain value")},
    {R"(^the job needs a name \(--name\)$)", QT_TRANSLATE_NOOP("GenerateErrors", "the job needs a name (Job name)")},
    {R"(^the job name and command cannot hold NUL bytes$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "the job name and command cannot hold NUL bytes")},
    {R"(^retries must be 0 or more$)", QT_TRANSLATE_NOOP("GenerateErrors", "retries must be 0 or more")},
    {R"(^optimizer offload needs ZeRO stage 1 or more \(--zero-stage\)$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "optimizer offload needs ZeRO stage 1 or more")},
    {R"(^job name '(.*)' is not a valid Kubernetes name: use lowercase letters, digits and '-', starting with a letter and ending with a letter or digit \(DNS-1035 label\)$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "job name '%1' is not a valid Kubernetes name: use lowercase letters, digits and '-', starting with a letter and ending with a letter or digit (DNS-1035 label)")},
    {R"(^job name '(.*)' is too long for Kubernetes: pod hostnames add '(.*)' and must fit 63 characters, so at most (\d+) characters$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "job name '%1' is too long for Kubernetes: pod hostnames add '%2' and must fit 63 characters, so at most %3 characters")},
    {R"(^(namespace|priority class|volume claim|secret) '(.*)' is not a valid Kubernetes name: at most 63 lowercase letters, digits and '-', starting and ending with a letter or digit \(DNS-1123 label\)$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "%1 '%2' is not a valid Kubernetes name: at most 63 lowercase letters, digits and '-', starting and ending with a letter or digit (DNS-1123 label)"), 1},
    {R"(^(namespace|priority class|volume claim|secret) '(.*)' is not a valid Kubernetes name: lowercase letters, digits, '-' and '\.', at most 253 characters \(DNS-1123 subdomain\)$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "%1 '%2' is not a valid Kubernetes name: lowercase letters, digits, '-' and '.', at most 253 characters (DNS-1123 subdomain)"), 1},
    {R"(^image '(.*)' is not a valid image reference: it must be non-empty, without spaces or control characters$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "image '%1' is not a valid image reference: it must be non-empty, without spaces or control characters")},
    {R"(^queue '(.*)' is not a valid Kubernetes label value \(Kueue queue name\): at most 63 of letters, digits, '-', '_', '\.', starting and ending alphanumeric$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "queue '%1' is not a valid Kubernetes label value (Kueue queue name): at most 63 of letters, digits, '-', '_', '.', starting and ending alphanumeric")},
    {R"(^/dev/shm size '(.*)' is not a Kubernetes quantity \(e\.g\. 64Gi\)$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "/dev/shm size '%1' is not a Kubernetes quantity (e.g. 64Gi)")},
    {R"(^mount path '(.*)' must be an absolute path without spaces, ':' or control characters$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "mount path '%1' must be an absolute path without spaces, ':' or control characters")},
    {R"(^mount path (.*) is used by TrainDeck itself$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "mount path %1 is used by TrainDeck itself")},
    {R"(^secret key '(.*)' is not valid: use letters, digits, '-', '_', '\.'$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "secret key '%1' is not valid: use letters, digits, '-', '_', '.'")},
    {R"(^PAI-DLC needs the ECS instance type of a node, e\.g\. --ecs-spec (\S+) \(got '(.*)'\)$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "PAI-DLC needs the ECS instance type of a node, e.g. %1 (got '%2')")},
    {R"(^PAI-DLC needs the workspace the job runs in, e\.g\. --workspace-id (\S+) \(got '(.*)'\)$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "PAI-DLC needs the ID of the workspace the job runs in, e.g. %1 (got '%2')")},
    {R"(^PAI-DLC priority (-?\d+) must be from 1 to 9$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "PAI-DLC priority %1 must be from 1 to 9")},
    {R"(^PAI-DLC resource id '(.*)' is not an id$)", QT_TRANSLATE_NOOP("GenerateErrors", "PAI-DLC resource id '%1' is not an id")},
    {R"(^SLURM (partition \(--queue\)|QOS \(--qos\)|time limit) '(.*)' may only hold letters, digits, '-', '_', '\.' and ':'$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "SLURM %1 '%2' may only hold letters, digits, '-', '_', '.' and ':'"), 1},
    {R"(^ssh needs one host per node, node 0 first: --hosts gave (\d+) for (\d+) nodes$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "SSH needs one host per node, node 0 first: %1 given for %2 nodes")},
    {R"(^host '(.*)' is not a host name or address, \[user@\]host\[:port\]$)", QT_TRANSLATE_NOOP("GenerateErrors", "host '%1' is not a host name or address, [user@]host[:port]")},
    {R"(^command template: unknown placeholder \{(.*)\} \(known: (.*)\)$)",
     QT_TRANSLATE_NOOP("GenerateErrors", "command template: unknown placeholder {%1} (known: %2)")},
};

// The formulas of core/plan/estimate.cpp, whole; the two with a number in
// them as patterns.
const Template kFormulas[] = {
    {R"(^micro × world × accumulation$)", QT_TRANSLATE_NOOP("Formulas", "micro × world × accumulation")},
    {R"(^base LR × batch / base batch$)", QT_TRANSLATE_NOOP("Formulas", "base LR × batch / base batch")},
    {R"(^base LR × √\(batch / base batch\)$)", QT_TRANSLATE_NOOP("Formulas", "base LR × √(batch / base batch)")},
    {R"(^base LR \(no scaling rule\)$)", QT_TRANSLATE_NOOP("Formulas", "base LR (no scaling rule)")},
    {R"(^round\(warmup × base batch / batch\)$)", QT_TRANSLATE_NOOP("Formulas", "round(warmup × base batch / batch)")},
    {R"(^warmup \(not scaled\)$)", QT_TRANSLATE_NOOP("Formulas", "warmup (not scaled)")},
    {R"(^⌊dataset / batch⌋ \(drop_last\)$)", QT_TRANSLATE_NOOP("Formulas", "⌊dataset / batch⌋ (drop_last)")},
    {R"(^⌈dataset / batch⌉$)", QT_TRANSLATE_NOOP("Formulas", "⌈dataset / batch⌉")},
    {R"(^⌈epochs × steps per epoch⌉$)", QT_TRANSLATE_NOOP("Formulas", "⌈epochs × steps per epoch⌉")},
    {R"(^steps as planned$)", QT_TRANSLATE_NOOP("Formulas", "steps as planned")},
    {R"(^params \+ grads \+ optimizer \(ZeRO-(\d+)\) \+ activations × micro \+ overhead$)",
     QT_TRANSLATE_NOOP("Formulas", "params + grads + optimizer (ZeRO-%1) + activations × micro + overhead")},
    {R"(^params \+ grads \+ optimizer \(ZeRO-(\d+), offloaded\) \+ activations × micro \+ overhead$)",
     QT_TRANSLATE_NOOP("Formulas", "params + grads + optimizer (ZeRO-%1, offloaded) + activations × micro + overhead")},
    {R"(^FLOPs per sample × micro × accumulation / \(peak × MFU\)$)",
     QT_TRANSLATE_NOOP("Formulas", "FLOPs per sample × micro × accumulation / (peak × MFU)")},
    {R"(^gradient all-reduce, ring on NVLink then ring across nodes, each GPU's 1/g share on 1/g of the node's NICs: 2\(g−1\)/g × bytes / NVLink \+ 2\(n−1\)/n × bytes / node network$)",
     QT_TRANSLATE_NOOP("Formulas", "gradient all-reduce, ring on NVLink then ring across nodes, each GPU's 1/g share on 1/g of the node's NICs: 2(g−1)/g × bytes / NVLink + 2(n−1)/n × bytes / node network")},
    {R"(^ZeRO-3: reduce-scatter of gradients \+ 2 parameter all-gathers per micro-step \(forward and backward\), each half a ring all-reduce's volume, same rings as the gradients$)",
     QT_TRANSLATE_NOOP("Formulas", "ZeRO-3: reduce-scatter of gradients + 2 parameter all-gathers per micro-step (forward and backward), each half a ring all-reduce's volume, same rings as the gradients")},
    {R"(^max\(0, communication − compute\) \+ \(1 − overlap\) × min\(communication, window\) \+ latency × collectives$)",
     QT_TRANSLATE_NOOP("Formulas", "max(0, communication − compute) + (1 − overlap) × min(communication, window) + latency × collectives")},
    {R"(^max\(0, communication − backward window\) \+ \(1 − overlap\) × min\(communication, window\) \+ latency × collectives$)",
     QT_TRANSLATE_NOOP("Formulas", "max(0, communication − backward window) + (1 − overlap) × min(communication, window) + latency × collectives")},
    {R"(^compute \+ exposed communication$)", QT_TRANSLATE_NOOP("Formulas", "compute + exposed communication")},
    {R"(^1 / step time$)", QT_TRANSLATE_NOOP("Formulas", "1 / step time")},
    {R"(^batch / step time$)", QT_TRANSLATE_NOOP("Formulas", "batch / step time")},
    {R"(^steps × step time / 3600$)", QT_TRANSLATE_NOOP("Formulas", "steps × step time / 3600")},
    {R"(^hours × world$)", QT_TRANSLATE_NOOP("Formulas", "hours × world")},
    {R"(^\(samples/s per GPU\) / \(same on one node of (\S+)\)$)",
     QT_TRANSLATE_NOOP("Formulas", "(samples/s per GPU) / (same on one node of %1)")},
};

// The findings of core/plan/findings.cpp: what is wrong, and the fix in words.
const Template kFindingMessages[] = {
    {R"(^(\S+): (\d+) GPUs per node, but (.+) nodes have (\d+): local ranks (\d+)–(\d+) would ask for CUDA devices that do not exist \('invalid device ordinal'\)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1: %2 GPUs per node, but %3 nodes have %4: local ranks %5–%6 would ask for CUDA devices that do not exist ('invalid device ordinal')")},
    {R"(^(\S+): the global batch (\d+) is not a multiple of micro × world = (\d+); the run would use (\d+)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1: the global batch %2 is not a multiple of micro × world = %3; the run would use %4")},
    {R"(^(\S+): the global batch (\d+) is not a multiple of micro × world = (\d+); the run would use (\d+), and DeepSpeed refuses to start unless train_batch_size = micro × accumulation × world$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1: the global batch %2 is not a multiple of micro × world = %3; the run would use %4, and DeepSpeed refuses to start unless train_batch_size = micro × accumulation × world")},
    {R"(^(\S+): needs (\S+) GB per GPU, more than the (\S+) GB of a (.+)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1: needs %2 GB per GPU, more than the %3 GB of a %4")},
    {R"(^(\S+): needs (\S+) GB of the card's (\S+) GB: little room for fragmentation or longer samples$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1: needs %2 GB of the card's %3 GB: little room for fragmentation or longer samples")},
    {R"(^(\S+): the effective batch is (\d+) but the LR (\S+) was tuned at batch (\d+) and is not rescaled$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1: the effective batch is %2 but the LR %3 was tuned at batch %4 and is not rescaled")},
    {R"(^(\S+): the dataset of (\d+) samples is smaller than one batch of (\d+)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1: the dataset of %2 samples is smaller than one batch of %3")},
    {R"(^(\S+): the dataset of (\d+) samples is smaller than one batch of (\d+), and drop_last drops it: no step would run$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1: the dataset of %2 samples is smaller than one batch of %3, and drop_last drops it: no step would run")},
    {R"(^(\S+): warmup \((\S+) steps\) lasts the whole run \((\S+) steps\): the LR never reaches its peak$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1: warmup (%2 steps) lasts the whole run (%3 steps): the LR never reaches its peak")},
    {R"(^(\S+): scaling efficiency (\S+)%: the gradient all-reduce \((\S+) s\) is not hidden behind backward$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1: scaling efficiency %2%: the gradient all-reduce (%3 s) is not hidden behind backward")},
    {R"(^optimizer offload is a ZeRO feature: DeepSpeed ignores offload_optimizer at stage 0$)",
     QT_TRANSLATE_NOOP("FindingTexts", "optimizer offload is a ZeRO feature: DeepSpeed ignores offload_optimizer at stage 0")},
    {R"(^accelerate's num_processes is (\d+) but the job has (\d+) × (\d+) = (\d+) processes$)",
     QT_TRANSLATE_NOOP("FindingTexts", "accelerate's num_processes is %1 but the job has %2 × %3 = %4 processes")},
    {R"(^accelerate's num_processes is (\d+) but the job has (\d+) × (\d+) = (\d+) processes: num_processes counts the whole job's processes, not one node's$)",
     QT_TRANSLATE_NOOP("FindingTexts", "accelerate's num_processes is %1 but the job has %2 × %3 = %4 processes: num_processes counts the whole job's processes, not one node's")},
    {R"(^(.+) has no effect: NCCL reads no NCCL_TIMEOUT; the collective timeout belongs to the framework$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1 has no effect: NCCL reads no NCCL_TIMEOUT; the collective timeout belongs to the framework")},
    {R"(^(.+) has no effect: PyTorch renamed it (\S+) \(2\.2\); the old name is ignored$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1 has no effect: PyTorch renamed it %2 (2.2); the old name is ignored")},
    {R"(^(.+) has no effect: PyTorch reads no such variable$)",
     QT_TRANSLATE_NOOP("FindingTexts", "%1 has no effect: PyTorch reads no such variable")},
    {R"(^DeepSpeed requires train_batch_size = micro × accumulation × world: (\d+) = (\d+) × (\d+) × (\d+); the generated configs set all three together$)",
     QT_TRANSLATE_NOOP("FindingTexts", "DeepSpeed requires train_batch_size = micro × accumulation × world: %1 = %2 × %3 × %4; the generated configs set all three together")},
};

const Template kFindingFixes[] = {
    {R"(^use at most (\d+) GPUs per node$)", QT_TRANSLATE_NOOP("FindingTexts", "use at most %1 GPUs per node")},
    {R"(^use (\d+) nodes × (\d+) GPUs \(the same (\d+) GPUs\)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "use %1 nodes × %2 GPUs (the same %3 GPUs)")},
    {R"(^set the global batch to (\d+) \(accumulation (\d+)\)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "set the global batch to %1 (accumulation %2)")},
    {R"(^use micro-batch (\d+) with accumulation (\d+) to keep batch (\d+), or set the global batch to (\d+) \(accumulation (\d+)\)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "use micro-batch %1 with accumulation %2 to keep batch %3, or set the global batch to %4 (accumulation %5)")},
    {R"(^no micro-batch or ZeRO stage fits: use more GPUs, activation checkpointing or a smaller model$)",
     QT_TRANSLATE_NOOP("FindingTexts", "no micro-batch or ZeRO stage fits: use more GPUs, activation checkpointing or a smaller model")},
    {R"(^lower the micro-batch and raise accumulation, or use a higher ZeRO stage$)",
     QT_TRANSLATE_NOOP("FindingTexts", "lower the micro-batch and raise accumulation, or use a higher ZeRO stage")},
    {R"(^use the linear rule \(LR (\S+)\) or the square-root rule \(LR (\S+)\)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "use the linear rule (LR %1) or the square-root rule (LR %2)")},
    {R"(^use a smaller batch or fewer GPUs$)", QT_TRANSLATE_NOOP("FindingTexts", "use a smaller batch or fewer GPUs")},
    {R"(^shorten the warmup to a few percent of the run$)",
     QT_TRANSLATE_NOOP("FindingTexts", "shorten the warmup to a few percent of the run")},
    {R"(^raise the micro-batch or accumulation so each step computes longer, or use a faster network$)",
     QT_TRANSLATE_NOOP("FindingTexts", "raise the micro-batch or accumulation so each step computes longer, or use a faster network")},
    {R"(^use ZeRO stage 2 with offload, or turn offload off$)",
     QT_TRANSLATE_NOOP("FindingTexts", "use ZeRO stage 2 with offload, or turn offload off")},
    {R"(^set num_processes to (\d+) \(num_machines (\d+)\)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "set num_processes to %1 (num_machines %2)")},
    {R"(^remove it and set launch\.comm_timeout_s, which TrainDeck passes to the framework \(torch\.distributed\.init_process_group\(timeout=\.\.\.\), DeepSpeed's timeout\)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "remove it and set launch.comm_timeout_s, which TrainDeck passes to the framework (torch.distributed.init_process_group(timeout=...), DeepSpeed's timeout)")},
    {R"(^rename it to (\S+)$)", QT_TRANSLATE_NOOP("FindingTexts", "rename it to %1")},
    {R"(^set launch\.comm_timeout_s instead$)", QT_TRANSLATE_NOOP("FindingTexts", "set launch.comm_timeout_s instead")},
};

// The memory fix lists up to three micro-batch/accumulation pairs and a ZeRO
// stage: its pieces, each translated, in core's order.
const Template kMemoryFixParts[] = {
    {R"(^use micro-batch (\d+) × accumulation (\d+))", QT_TRANSLATE_NOOP("FindingTexts", "use micro-batch %1 × accumulation %2")},
    {R"(^, or micro-batch (\d+) × accumulation (\d+))", QT_TRANSLATE_NOOP("FindingTexts", ", or micro-batch %1 × accumulation %2")},
    {R"(^ \(keeps batch (\d+)\))", QT_TRANSLATE_NOOP("FindingTexts", " (keeps batch %1)")},
    {R"(^; or use ZeRO stage (\d))", QT_TRANSLATE_NOOP("FindingTexts", "; or use ZeRO stage %1")},
    {R"(^use ZeRO stage (\d))", QT_TRANSLATE_NOOP("FindingTexts", "use ZeRO stage %1")},
};

// What core/generate says a target still needs (generate.cpp, missingOptions).
const Template kGeneratorMessages[] = {
    {R"(^needs --ecs-spec \(the ECS instance type of a node\)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "needs the PAI-DLC instance type (the ECS instance type of a node)")},
    {R"(^needs --workspace-id \(the PAI workspace of the job\)$)",
     QT_TRANSLATE_NOOP("FindingTexts", "needs the PAI-DLC workspace ID")},
    {R"(^needs --hosts with (\d+) host\(s\), node 0 first$)",
     QT_TRANSLATE_NOOP("FindingTexts", "needs one SSH host per node (%1), node 0 first")},
};

// "%1 … %2" with `args` put in, in one pass: a typed value that itself holds
// "%2" is shown as typed, not substituted again (QString::arg chained would).
QString fill(const QString& text, const QStringList& args) {
    QString out;
    out.reserve(text.size() + 32);
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('%') && i + 1 < text.size() && text[i + 1].isDigit()) {
            const int n = text[i + 1].digitValue();
            if (n >= 1 && n <= args.size()) {
                out += args[n - 1];
                ++i;
                continue;
            }
        }
        out += text[i];
    }
    return out;
}

QString nounText(const QString& noun) {
    for (const auto& n : kNouns)
        if (noun == QLatin1String(n.core))
            return QCoreApplication::translate("CoreMessages", n.text);
    return noun;
}

// A table of templates with its patterns compiled once: the plan view asks
// for a dozen formulas per layout on every keystroke.
class Templates {
public:
    template <size_t N>
    Templates(const Template (&table)[N], const char* context) : m_context(context) {
        for (const Template& t : table)
            // The typed text in a message may hold a newline: '.' matches it too.
            m_entries.push_back({QRegularExpression(QString::fromUtf8(t.pattern),
                                                    QRegularExpression::DotMatchesEverythingOption),
                                 t.text, t.nounArg});
    }

    // The translation of the first template matching all of `text`, or `text` itself.
    QString translate(const QString& text, bool* recognised = nullptr) const {
        qsizetype length = 0;
        const QString out = translatePrefix(text, &length);
        const bool found = length == text.size() && !out.isNull();
        if (recognised)
            *recognised = found;
        return found ? out : text;
    }

    // The translation of the first template matching the start of `text`;
    // `length` is how much of `text` it matched. Null when none matches.
    QString translatePrefix(const QString& text, qsizetype* length) const {
        for (const Entry& e : m_entries) {
            const QRegularExpressionMatch m = e.pattern.match(text);
            if (!m.hasMatch())
                continue;
            QStringList args;
            for (int i = 1; i <= m.lastCapturedIndex(); ++i)
                args << (i == e.nounArg ? nounText(m.captured(i)) : m.captured(i));
            *length = m.capturedLength(0);
            return fill(QCoreApplication::translate(m_context, e.text), args);
        }
        return {};
    }

private:
    struct Entry {
        QRegularExpression pattern;
        const char* text;
        int nounArg;
    };
    const char* m_context;
    std::vector<Entry> m_entries;
};

}  // namespace

QString fieldErrorText(const QString& coreMessage, bool* recognised) {
    static const Templates templates(kTemplates, "CoreMessages");
    return templates.translate(coreMessage, recognised);
}

QString calibrationNoteText(const std::string& coreNote, bool* recognised) {
    static const Templates templates(kCalibrationNotes, "CoreMessages");
    return templates.translate(QString::fromStdString(coreNote), recognised);
}

QString planErrorText(const std::string& coreError, bool* recognised) {
    const QString error = QString::fromStdString(coreError);
    static const QRegularExpression keyed(QStringLiteral(R"(^([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)?): (.*)$)"),
                                          QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpressionMatch m = keyed.match(error);
    if (!m.hasMatch()) {
        if (recognised)
            *recognised = false;
        return error;
    }
    const std::string key = m.captured(1).toStdString();
    const QString message = fieldErrorText(m.captured(2), recognised);
    if (key == "version")  // "plan version 3 is newer than …" says which already
        return message;
    //: A field of the plan and what is wrong with its value.
    return fill(QCoreApplication::translate("CoreMessages", "%1: %2"),
                {hasOwnLabel(key) ? fieldLabel(key) : m.captured(1), message});
}

namespace {

// strerror's text, by its number.
QString systemErrorText(const QString& text, bool* recognised) {
    for (const auto& e : kSystemErrors)
        if (text == QString::fromLocal8Bit(std::strerror(e.code))) {
            *recognised = true;
            return QCoreApplication::translate("PlanFiles", e.text);
        }
    *recognised = false;
    return text;
}

}  // namespace

QString planFileErrorText(const QString& path, const std::string& coreError, bool* recognised) {
    const QString error = QString::fromStdString(coreError);
    bool ok = false;
    QString out = error;
    const auto found = [&](bool innerOk, const QString& text) {
        ok = innerOk;
        out = text;
    };
    constexpr auto dotAll = QRegularExpression::DotMatchesEverythingOption;
    static const QRegularExpression keyed(QStringLiteral(R"(^:(-?\d+): key '(.*)$)"), dotAll);
    static const QRegularExpression yaml(QStringLiteral(R"(^:(-?\d+): not valid YAML: (.*)$)"), dotAll);
    static const QRegularExpression lined(QStringLiteral(R"(^:(-?\d+): (.*)$)"), dotAll);
    static const QRegularExpression system(QStringLiteral(R"(^: (cannot open|cannot write|write failed|cannot replace): (.*)$)"),
                                           dotAll);
    static const QRegularExpression whole(QStringLiteral(R"(^: (.*)$)"), dotAll);
    static const Templates yamlErrors(kYamlErrors, "PlanFiles");
    const QString rest = error.startsWith(path) ? error.mid(path.size()) : QString();
    QRegularExpressionMatch m;
    if (rest.isEmpty()) {
        // not about this file: left as core wrote it
    } else if ((m = keyed.match(rest)).hasMatch()) {
        // "KEY': MESSAGE": the key is from the file and may hold "': " itself;
        // the first split whose message core is known to say wins.
        const QString tail = m.captured(2);
        const QString separator = QStringLiteral("': ");
        qsizetype first = tail.indexOf(separator), split = first;
        bool innerOk = false;
        QString message;
        for (qsizetype at = first; at >= 0; at = tail.indexOf(separator, at + 1)) {
            message = fieldErrorText(tail.mid(at + separator.size()), &innerOk);
            if (innerOk) {
                split = at;
                break;
            }
        }
        if (split >= 0) {
            if (!innerOk)
                message = tail.mid(split + separator.size());
            found(innerOk, fill(QCoreApplication::translate("PlanFiles", "%1:%2: key '%3': %4"),
                                {path, m.captured(1), tail.left(split), message}));
        }
    } else if ((m = yaml.match(rest)).hasMatch()) {
        bool innerOk = false;
        const QString detail = yamlErrors.translate(m.captured(2), &innerOk);
        found(innerOk, fill(QCoreApplication::translate("PlanFiles", "%1:%2: not valid YAML: %3"),
                            {path, m.captured(1), detail}));
    } else if ((m = lined.match(rest)).hasMatch()) {
        bool innerOk = false;
        const QString message = fieldErrorText(m.captured(2), &innerOk);
        // An empty file has no line 1 to point at: core says line 0.
        if (m.captured(1).toInt() < 1)
            found(innerOk, fill(QCoreApplication::translate("PlanFiles", "%1: %2"), {path, message}));
        else
            found(innerOk, fill(QCoreApplication::translate("PlanFiles", "%1:%2: %3"), {path, m.captured(1), message}));
    } else if ((m = system.match(rest)).hasMatch()) {
        bool innerOk = false;
        const QString reason = systemErrorText(m.captured(2), &innerOk);
        const QString what = m.captured(1);
        const QString frame = what == QLatin1String("cannot open")    ? QCoreApplication::translate("PlanFiles", "%1: cannot open: %2")
                              : what == QLatin1String("cannot write") ? QCoreApplication::translate("PlanFiles", "%1: cannot write: %2")
                              : what == QLatin1String("write failed") ? QCoreApplication::translate("PlanFiles", "%1: write failed: %2")
                                                                      : QCoreApplication::translate("PlanFiles", "%1: cannot replace: %2");
        found(innerOk, fill(frame, {path, reason}));
    } else if ((m = whole.match(rest)).hasMatch()) {
        // The whole plan read, but validatePlan refused it.
        bool innerOk = false;
        const QString message = planErrorText(m.captured(1).toStdString(), &innerOk);
        found(innerOk, fill(QCoreApplication::translate("PlanFiles", "%1: %2"), {path, message}));
    }
    if (recognised)
        *recognised = ok;
    return out;
}

QString generateErrorText(const std::string& coreError, bool* recognised) {
    static const Templates templates(kGenerateErrors, "GenerateErrors");
    bool ok = false;
    QString out = templates.translate(QString::fromStdString(coreError), &ok);
    if (!ok)  // the plan itself (validatePlan, which generate() checks first)
        out = planErrorText(coreError, &ok);
    if (recognised)
        *recognised = ok;
    return out;
}

QString findingMessageText(const std::string& coreMessage) {
    static const Templates templates(kFindingMessages, "FindingTexts");
    return templates.translate(QString::fromStdString(coreMessage));
}

QString findingFixText(const std::string& coreFix) {
    static const Templates whole(kFindingFixes, "FindingTexts");
    static const Templates parts(kMemoryFixParts, "FindingTexts");
    const QString fix = QString::fromStdString(coreFix);
    const QString translated = whole.translate(fix);
    if (translated != fix)
        return translated;
    // Piece by piece from the start; any piece not recognised leaves the
    // whole fix as core wrote it rather than half translated.
    QString rest = fix, out;
    while (!rest.isEmpty()) {
        qsizetype length = 0;
        const QString piece = parts.translatePrefix(rest, &length);
        if (piece.isNull() || length == 0)
            return fix;
        out += piece;
        rest = rest.mid(length);
    }
    return out;
}

QString generatorMessageText(const std::string& coreMessage) {
    static const Templates templates(kGeneratorMessages, "FindingTexts");
    return templates.translate(QString::fromStdString(coreMessage));
}

QString formulaText(const std::string& coreFormula) {
    static const Templates templates(kFormulas, "Formulas");
    return templates.translate(QString::fromStdString(coreFormula));
}

}  // namespace traindeck::gui
