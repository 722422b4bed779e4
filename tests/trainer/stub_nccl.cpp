// The stand-in module's NCCL (libtraindeck-standin-nccl.so.2, a name no machine has: a
// real libnccl.so.2 may be installed): its only use is to be missing at run time.
extern "C" __attribute__((visibility("default"))) int traindeck_stub_nccl() { return 2; }
