// A fixture of check_unity_names.py (never compiled): see first.cu.
namespace traindeck {
namespace {
constexpr int kThreads = 128;  // "kThreads has already been defined" in one unity TU
__global__ void finishKernel(const double* partials, int count, double* out) { *out = partials[count]; }
const char* text = "namespace { int notAName; }";  // strings are not code
}  // namespace
int secondBlocks() { return 2; }
}  // namespace traindeck
#define TD_FIXTURE_LEAK 2
#define TD_FIXTURE_LOCAL 3
#undef TD_FIXTURE_LOCAL
