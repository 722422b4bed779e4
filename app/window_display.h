#pragma once
// Whether the window can open here. Qt aborts the process (SIGABRT, exit 134,
// a page of plugin messages) when its platform plugin finds no display, e.g.
// in an ssh session or a container; the window's commands ask first, so that
// the user gets one line and the command-line equivalent instead.

#include <string>
#include <vector>

namespace traindeck::app {

// True when the platform Qt would use (-platform, QT_QPA_PLATFORM, else xcb or
// wayland) has a display it can reach: an X server at DISPLAY, a Wayland socket
// at WAYLAND_DISPLAY; a platform without a display server (offscreen, vnc,
// eglfs, ...) always can. `args` are the window's arguments.
bool windowCanOpen(const std::vector<std::string>& args);

}  // namespace traindeck::app
