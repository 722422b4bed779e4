#pragma once
// The subcommands of `traindeck`. Each takes the arguments after its own name
// and returns the process exit code: 0 success, 1 a plan with error findings,
// 2 bad input (one clear line on stderr).

namespace traindeck::cli {

int runPlan(int argc, char** argv);
int runGenerate(int argc, char** argv);
int runWatch(int argc, char** argv);
int runLaunch(int argc, char** argv);
int runPrices(int argc, char** argv);  // the price catalogue  // also 1 run failed, 3 host key or authentication, 130/143 stopped

}  // namespace traindeck::cli
