#pragma once
// Reading a watch's sources to their end, as `traindeck watch` without --follow.

#include "watch/watch.h"

inline void readAll(traindeck::watch::Watch& w) {
    while (w.poll(1 << 16, traindeck::watch::unixNow())) {
    }
    w.finish(traindeck::watch::unixNow());
}
