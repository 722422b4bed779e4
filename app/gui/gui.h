#pragma once
// Opens the desktop application. `argc/argv` are the whole command line.

namespace traindeck::gui {

int run(int argc, char** argv);

}  // namespace traindeck::gui
