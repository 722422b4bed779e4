#!/usr/bin/env bash
# TrainDeck node entrypoint, generated from a plan. Every node of every platform
# runs it: it reads this node's rank and the job's size by the platform's
# convention (TRAINDECK_PLATFORM, set by the launch file), refuses to start when
# they or this node's GPUs disagree with the plan, exports the per-node
# environment, runs the workload, forwards SIGTERM to it and exits with its status.
