// A fixture of check_unity_names.py (never compiled): with second.cu it defines
// `kThreads`, an overloaded kernel and a macro twice, as adamw.cu and loss.cu once did.
namespace traindeck {
namespace {
constexpr int kThreads = 256;
template <int Threads>
__global__ void finishKernel(const double* partials, int count) {
    if (count > Threads) partials += 1;
}
struct OnlyHere { int x = 1; };
}  // namespace
int firstBlocks() { return 1; }
}  // namespace traindeck
#define TD_FIXTURE_LEAK 1
