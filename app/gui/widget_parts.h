#pragma once
// Small pieces every page builds the same way: a label for an error message
// (one colour for "this is wrong" across the window) and a scroll area for a
// page that may be taller than the window.

class QLabel;
class QScrollArea;
class QWidget;

namespace traindeck::gui {

// Word-wrapped, red, hidden until given text by the caller.
QLabel* makeErrorLabel(QWidget* parent, bool bold = false);
// `content` scrolls inside the area and grows with its width.
QScrollArea* makeScrollArea(QWidget* content, QWidget* parent, bool framed = true);

}  // namespace traindeck::gui
