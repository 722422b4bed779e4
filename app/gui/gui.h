#pragma once
// Opens the desktop application. `argc/argv` are the whole command line:
// `--demo` opens the built-in demo plan (also the default), `--open FILE` a plan file.

namespace traindeck::gui {

int run(int argc, char** argv);

}  // namespace traindeck::gui
