<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
    <context>
        <name>Calibration</name>
        <message>
            <source>the measured steps are faster than the model allows even at MFU 1: the network or NVLink is faster than the catalogue says, or communication overlaps better than assumed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the measured steps are slower than the model gives at MFU 0.0001: check the measurements' units</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>every point is on one GPU: nothing shows what communication costs, so its latency and overlap keep their defaults; measure a layout with more GPUs</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no point is on one GPU: compute and the per-collective latency are told apart only by how the layouts differ; a one-GPU measurement makes the fit firm</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: a run folder, but no node-*.out in it to read speeds from</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: cannot open: %2</source>
            <translation type="unfinished">%1: cannot open: %2</translation>
        </message>
        <message>
            <source>%1: no trainer start event (JSON lines with "event":"start"), so the run's layout is unknown</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: the start event has no usable nodes and gpus_per_node</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: no step events after warm-up to take a steady speed from (%2 logged)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 after '@': %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>params after '@' expects a count like 124M or 1.5B, got '%1'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>measured on CPUs, the plan runs on %1: a CPU's speed says nothing of a GPU's efficiency</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>measured on %1, the plan runs on %2: the efficiency fitted on one GPU type does not carry to another; measure on the plan's GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>measured on a %1 model, the plan's model is %2: its constants are another model's</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>measured on a model of %1 parameters, the plan's has %2: its constants are another model's</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the measured step is the host's, not the GPU's: the GPU would take that long only at an MFU under %1, so the fit scales eager PyTorch's issue time (×%2 the reference host's) and the MFU keeps the plan's %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the run's measured host issue time is nearly its whole step: the step is the host's, so the fit scales eager PyTorch's issue time (×%1 the reference host's) and the MFU keeps the plan's %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the run measured its host's issue time: this host issues eager PyTorch at ×%1 the reference host's pace, and the run's other shapes are predicted on this host</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>unknown workload '%1' after '@' (known: micro, accum, seq, ckpt, precision, zero, fsdp, gpu, params, model, host; e.g. @micro=8:seq=1024)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>host after '@' expects the host's issue time per step like 43ms or 0.043s, got '%1'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the GPU's work varies little between machines of one GPU type</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the exposed communication depends on the network and NCCL: a run on this network with %1 fixes it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>GPU-bound</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>host-bound</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>comm-bound</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>uncalibrated: ±%1, %2 (%3 of the step): nine in ten of %4 measured steps so bound were within it at the assumed efficiency; %5</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>uncalibrated: ±%1, %2 (%3 of the step): too few measured steps so bound (%4), so nine in ten of all %5 (%6 models) were within it at the assumed efficiency; %7</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>calibrated: ±%1, %2 (%3 of the step): the fit's residual %4 over %5 point(s), and no less than the %6 that %7 measured steps so bound show after one run of their model</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>calibrated: ±%1, %2 (%3 of the step): the fit's residual %4 over %5 point(s), and no less than the %6 that all %7 measured steps show after one run of their model (too few so bound: %8)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>GPU</source>
            <translation type="unfinished">GPU</translation>
        </message>
        <message>
            <source>host</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>comm</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>±%1 (%2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>eager PyTorch's issue time varies between hosts and from run to run (1.7× apart on one cloud VM): a run on this machine with %1 narrows it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the run's measured host issue time leaves the GPU a share of the step it would take only at an MFU under %1, below any measured GPU-bound step's: the rest is the host waiting, so the fit scales eager PyTorch's issue time (×%2 the reference host's) to the step and the MFU keeps the plan's %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the run does not say how its step splits between host and GPU (no host_s): it fits a host at ×%1 the reference host's pace as well as the GPU at MFU %2; the fit takes the host, the larger share of the model's step at the run's shape, and the expected error covers the GPU's explanation too</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the run does not say how its step splits between host and GPU (no host_s): it fits the GPU at MFU %1 as well as a host at ×%2 the reference host's pace; the fit takes the GPU, the larger share of the model's step at the run's shape, and the expected error covers the host's explanation too</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>uncalibrated: ±%1, %2 (%3 of the step): ±%4 held nine in ten of %5 measured steps so bound, each model family's judged by the band the others gave (leave one family out), at the assumed efficiency; %6</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>uncalibrated: ±%1, %2 (%3 of the step): too few measured steps so bound (%4), so ±%5 held nine in ten of all %6 (%7 models), each model family's judged by the band the others gave, at the assumed efficiency; %8</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>calibrated: ±%1, %2 (%3 of the step): the fit's residual %4 over %5 point(s), and no less than the ±%6 that held nine in ten of %7 measured steps so bound after one run of their model, each model family's judged by the band the others gave (leave one family out)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>calibrated: ±%1, %2 (%3 of the step): the fit's residual %4 over %5 point(s), and no less than the ±%6 that held nine in ten of all %7 measured steps after one run of their model, each model family's judged by the band the others gave (too few so bound: %8)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>; a host-bound step is never stated closer than ±%1: the same step took 22.6 to 38.0 ms from run to run on one machine (%2× apart)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>; the run does not say its host time (host_s), and the fit's other explanation of it puts this step %1 away, which the error covers: a run that records host_s narrows it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>unknown workload '%1' after '@' (known: micro, accum, seq, ckpt, precision, zero, fsdp, gpu, params, model, host, write, eval; e.g. @micro=8:seq=1024)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>write after '@' expects the run's checkpoint write speed like 0.3GB/s or 300MB/s, got '%1'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>eval after '@' expects how many times faster than training the run evaluated its samples, like 2.9x, got '%1'</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>CalibrationPoint</name>
        <message>
            <source>%1 at %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: measured %2 samples/s, the fitted model gives %3 (%4): this point fits badly.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: measured %2 samples/s, the fitted model gives %3 (%4).</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>CliOptions</name>
        <message>
            <source>k8s|pytorchjob|pai|slurm|ssh|accelerate|deepspeed|all (comma list, repeatable)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>directory to write into (created if missing)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>job name (the plan's launch.job_name)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>overwrite existing files</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Kueue LocalQueue (k8s, pytorchjob) and SLURM partition</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Kubernetes PriorityClass (k8s, pytorchjob)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>SLURM quality of service</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>PAI-DLC priority, 1 (lowest) to 9</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>CLAIM:/path[:ro]: a PersistentVolumeClaim in every pod (repeatable)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>VAR=SECRET:KEY: an env var from a Kubernetes Secret (repeatable)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>PAI-DLC: ECS instance type of a node</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>PAI-DLC: workspace id</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>k8s: size limit of /dev/shm (e.g. 64Gi)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>SLURM: --time of the job</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>traindeck-trainer --metrics-file</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>failures of the whole job the platform retries (default 2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>show this help</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>run the single node of a 1xN plan on this machine</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the run folder (default ~/.local/share/TrainDeck/runs/RUN_ID)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>where each host gets the run's files, DIR/RUN_ID (relative: to the home; default .traindeck/runs)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>private key to try first (then the agent and ~/.ssh/config's)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>known_hosts file (default ~/.ssh/known_hosts)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>ssh configuration file (default ~/.ssh/config)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>record the keys of hosts not yet in known_hosts (a changed key is always refused)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>run the pre-flight checks only; start nothing</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>seconds between SIGTERM and SIGKILL when stopping (default 30)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>a run's metrics (trainer JSON lines or run folder) as a calibration point (repeatable)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>print JSON instead of the table</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>write the demo plan as YAML to stdout</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>PAI-DLC resource group or quota id (instead of --ecs-spec)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>ssh: the ssh configuration FILE that names the hosts (default: ssh's own)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>remove what earlier launches left in the remote folder of each host (not a running launch's), then exit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>seconds between SSH keepalives to a silent node, like ssh's ServerAliveInterval (default 5; 0: off)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>unanswered keepalives before a node counts as lost, like ssh's ServerAliveCountMax (default 3)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>only this GPU type (h100, h200, a100, a800, l40s)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>only this cloud (aws, gcp, azure, lambda, alibaba, or your own)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>follow the Slurm job of an earlier launch again (its run folder), e.g. after the launcher was closed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Slurm: print the job's output as it grows (it is in the run folder either way)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Slurm: seconds between two questions to the controller while it answers promptly (default 3; longer while it is slow)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>merge a catalogue CSV you downloaded (SkyPilot's vms.csv format) into your prices file, dated today</source>
            <translation type="unfinished">merge a catalogue CSV you downloaded (SkyPilot's vms.csv format) into your prices file, dated today</translation>
        </message>
    </context>
    <context>
        <name>CoreMessages</name>
        <message>
            <source>expected a whole number, got '%1'</source>
            <translation>expected a whole number, got '%1'</translation>
        </message>
        <message>
            <source>expected a number, got '%1'</source>
            <translation>expected a number, got '%1'</translation>
        </message>
        <message>
            <source>must be at least %1, got %2</source>
            <translation>must be at least %1, got %2</translation>
        </message>
        <message>
            <source>must be at most %1, got %2</source>
            <translation>must be at most %1, got %2</translation>
        </message>
        <message>
            <source>must be greater than %1, got %2</source>
            <translation>must be greater than %1, got %2</translation>
        </message>
        <message>
            <source>expected true or false, got '%1'</source>
            <translation>expected true or false, got '%1'</translation>
        </message>
        <message>
            <source>expected one of %1, got '%2'</source>
            <translation>expected one of %1, got '%2'</translation>
        </message>
        <message>
            <source>expected tiny, base, large or nothing, got '%1'</source>
            <translation>expected tiny, base, large or nothing, got '%1'</translation>
        </message>
        <message>
            <source>expected layouts like 1x8,2x8, got '%1'</source>
            <translation>expected layouts like 1x8,2x8, got '%1'</translation>
        </message>
        <message>
            <source>must be a single line</source>
            <translation>must be a single line</translation>
        </message>
        <message>
            <source>unknown %1 '%2' (known: %3)</source>
            <translation>unknown %1 '%2' (known: %3)</translation>
        </message>
        <message>
            <source>expected LAYOUT=VALUE with a unit, e.g. 2x8=0.9steps/s, 2x8=115samples/s or 2x8=1.1s/step; got '%1'</source>
            <translation>expected LAYOUT=VALUE with a unit, e.g. 2x8=0.9steps/s, 2x8=115samples/s or 2x8=1.1s/step; got '%1'</translation>
        </message>
        <message>
            <source>calibration needs a positive number after '=', got '%1'</source>
            <translation>calibration needs a positive number after '=', got '%1'</translation>
        </message>
        <message>
            <source>unknown calibration unit '%1' (use steps/s, samples/s or s/step)</source>
            <translation>unknown calibration unit '%1' (use steps/s, samples/s or s/step)</translation>
        </message>
        <message>
            <source>unknown preset '%1'</source>
            <translation>unknown preset '%1'</translation>
        </message>
        <message>
            <source>unknown plan field '%1'</source>
            <translation>unknown plan field '%1'</translation>
        </message>
        <message>
            <source>plan version %1 is newer than this TrainDeck reads (%2)</source>
            <translation>plan version %1 is newer than this TrainDeck reads (%2)</translation>
        </message>
        <message>
            <source>expected a single value</source>
            <translation>expected a single value</translation>
        </message>
        <message>
            <source>a plan file is a map of sections (cluster, model, recipe, ...)</source>
            <translation>a plan file is a map of sections (cluster, model, recipe, ...)</translation>
        </message>
        <message>
            <source>expected a whole number</source>
            <translation>expected a whole number</translation>
        </message>
        <message>
            <source>plan version %1 is not one this TrainDeck reads (1 to %2)</source>
            <translation>plan version %1 is not one this TrainDeck reads (1 to %2)</translation>
        </message>
        <message>
            <source>unknown section (expected %1)</source>
            <translation>unknown section (expected %1)</translation>
        </message>
        <message>
            <source>expected a map of fields</source>
            <translation>expected a map of fields</translation>
        </message>
        <message>
            <source>expected a map of NAME: value</source>
            <translation>expected a map of NAME: value</translation>
        </message>
        <message>
            <source>expected a text value</source>
            <translation>expected a text value</translation>
        </message>
        <message>
            <source>unknown field</source>
            <translation>unknown field</translation>
        </message>
        <message>
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <source>network</source>
            <translation>network</translation>
        </message>
        <message>
            <source>namespace</source>
            <translation>namespace</translation>
        </message>
        <message>
            <source>priority class</source>
            <translation>priority class</translation>
        </message>
        <message>
            <source>volume claim</source>
            <translation>volume claim</translation>
        </message>
        <message>
            <source>secret</source>
            <translation>secret</translation>
        </message>
        <message>
            <source>time limit</source>
            <translation>time limit</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <extracomment>A field of the plan and what is wrong with its value.</extracomment>
            <translation>%1: %2</translation>
        </message>
        <message>
            <source>the measured step is faster than the model allows even at MFU 1: the network or NVLink is faster than the catalogue says, or communication overlaps better than assumed</source>
            <translation>the measured step is faster than the model allows even at MFU 1: the network or NVLink is faster than the catalogue says, or communication overlaps better than assumed</translation>
        </message>
        <message>
            <source>the measured step is slower than the model gives at MFU 0.0001: check the measurement's unit</source>
            <translation>the measured step is slower than the model gives at MFU 0.0001: check the measurement's unit</translation>
        </message>
        <message>
            <source>partition (%1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>QOS (%1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>unknown model '%1' (known: %2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>must be a multiple of 8 (the trainer's patches are 8×8), got %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 %2 and %3 %4 both shard the model: choose FSDP or a ZeRO stage, not both</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>must be an absolute path on the nodes, got '%1'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>expected GPU indices like 0,1,2,3, got '%1'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>names a GPU twice</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>names %1 GPUs but the plan runs %2 per node</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the deadline %1 has passed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>expected a duration such as 36h, 90m or 2d, or a date and time such as 2026-11-30T09:00, got '%1'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>expected a name of letters, digits, '-' and '_', got '%1'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>may only hold letters, digits, '-', '_', '.' and ':'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>an sbatch option starts with '--', got '%1'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 %2 has no effect while %3 %4 is given: %3 decides it; give one of the two (%3 %5 lets %1 decide)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 is not a date: that month has no such day</source>
            <translation type="unfinished">%1 is not a date: that month has no such day</translation>
        </message>
        <message>
            <source>a deadline of %1 leaves no time: give a duration above zero, such as 36h</source>
            <translation type="unfinished">a deadline of %1 leaves no time: give a duration above zero, such as 36h</translation>
        </message>
        <message>
            <source>the deadline %1 is more than 100 years away: give one a run can meet</source>
            <translation type="unfinished">the deadline %1 is more than 100 years away: give one a run can meet</translation>
        </message>
    </context>
    <context>
        <name>CostMessages</name>
        <message>
            <source>%1 min</source>
            <translation type="unfinished">%1 min</translation>
        </message>
        <message>
            <source>%1 h</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 days</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 at your price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 on %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>does not fit in memory, even with ZeRO-3 and checkpointing</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no micro-batch × accumulation on its GPUs makes the global batch %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>takes %1, %2 past the deadline</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>costs %1, %2 over the budget</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>cheapest within the deadline: %1, %2 for %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>fastest within the budget: %1, %2 for %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>nothing finishes within %1: the fastest, %2, takes %3 (%4 too long)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>nothing stays within %1: the cheapest, %2, costs %3 (%4 over)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: expected a list 'prices:' of rows</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: row %2: %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Priced at your %1 per GPU-hour; the cost lies within ±%2 (the step time's expected error).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Priced at %1 %2 %3, spot, %4 per GPU-hour (%5, read %6); the cost lies within ±%7 (the step time's expected error).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Priced at %1 %2 %3, on-demand, %4 per GPU-hour (%5, read %6); the cost lies within ±%7 (the step time's expected error).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no price: set a cloud (%1) or your price per GPU-hour (%2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no spot price for %1 × %2 on %3 in the price catalogue</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no price for %1 × %2 on %3 in the price catalogue</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 finishes %2 h sooner than %3 but costs %4% more (%5 against %6; scaling %7%)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 finishes sooner (%2 h against %3 h) and costs less (%4 against %5) than the plan's %6</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>use %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 trains a sample sooner and for less (%2 against %3) than the plan's %4</source>
            <translation type="unfinished">%1 trains a sample sooner and for less (%2 against %3) than the plan's %4</translation>
        </message>
        <message>
            <source>%1 trains a sample in %2% less time than %3 but at %4% more (%5 against %6; scaling %7%)</source>
            <translation type="unfinished">%1 trains a sample in %2% less time than %3 but at %4% more (%5 against %6; scaling %7%)</translation>
        </message>
        <message>
            <source>These layouts train different amounts (global batch %1 to %2 samples a step, no target batch): the cost to finish is of different runs. At equal work: %3.</source>
            <translation type="unfinished">These layouts train different amounts (global batch %1 to %2 samples a step, no target batch): the cost to finish is of different runs. At equal work: %3.</translation>
        </message>
        <message>
            <source>%1 %2</source>
            <translation type="unfinished">%1 %2</translation>
        </message>
        <message>
            <source>%1 per 1,000 samples</source>
            <translation type="unfinished">%1 per 1,000 samples</translation>
        </message>
        <message>
            <source>%1 per million tokens</source>
            <translation type="unfinished">%1 per million tokens</translation>
        </message>
        <message>
            <source>Spot: %1 expected preemptions (one a day per node assumed), each costing a %2 restart and, without checkpoints, the run so far: %3 added to the time and the cost. A checkpoint interval (%4) makes spot far cheaper.</source>
            <translation type="unfinished">Spot: %1 expected preemptions (one a day per node assumed), each costing a %2 restart and, without checkpoints, the run so far: %3 added to the time and the cost. A checkpoint interval (%4) makes spot far cheaper.</translation>
        </message>
        <message>
            <source>Spot: %1 expected preemptions (one a day per node assumed), each costing a %2 restart and half the %3 min checkpoint interval redone: %4 added to the time and the cost.</source>
            <translation type="unfinished">Spot: %1 expected preemptions (one a day per node assumed), each costing a %2 restart and half the %3 min checkpoint interval redone: %4 added to the time and the cost.</translation>
        </message>
        <message>
            <source>on spot %1 would not finish: at one preemption a day per node, %2 lose work faster than they train; set a checkpoint interval (%3) or use on-demand</source>
            <translation type="unfinished">on spot %1 would not finish: at one preemption a day per node, %2 lose work faster than they train; set a checkpoint interval (%3) or use on-demand</translation>
        </message>
        <message>
            <source>%1: line %2: no region</source>
            <translation type="unfinished">%1: line %2: no region</translation>
        </message>
        <message>
            <source>%1: no column %2: not a SkyPilot-style catalogue (InstanceType, AcceleratorName, AcceleratorCount, Price, SpotPrice, Region)</source>
            <translation type="unfinished">%1: no column %2: not a SkyPilot-style catalogue (InstanceType, AcceleratorName, AcceleratorCount, Price, SpotPrice, Region)</translation>
        </message>
        <message>
            <source>%1: empty, not a price catalogue</source>
            <translation type="unfinished">%1: empty, not a price catalogue</translation>
        </message>
        <message>
            <source>Within its ±%1 it may take up to %2, past the deadline of %3: calibrate the plan with a measured run, or leave room.</source>
            <translation type="unfinished">Within its ±%1 it may take up to %2, past the deadline of %3: calibrate the plan with a measured run, or leave room.</translation>
        </message>
        <message>
            <source>Within its ±%1 it may cost up to %2, over the budget of %3: calibrate the plan with a measured run, or leave room.</source>
            <translation type="unfinished">Within its ±%1 it may cost up to %2, over the budget of %3: calibrate the plan with a measured run, or leave room.</translation>
        </message>
        <message>
            <source>the catalogue prices these GPUs in %1 and the plan's money is in %2: no exchange rate is assumed; set the currency (%3) to %1, or give your price per GPU-hour (%4) in %2</source>
            <translation type="unfinished">the catalogue prices these GPUs in %1 and the plan's money is in %2: no exchange rate is assumed; set the currency (%3) to %1, or give your price per GPU-hour (%4) in %2</translation>
        </message>
        <message>
            <source>the price catalogue has no spot price for this GPU on this cloud: leave out spot (%1) or add spot_per_gpu_hour to your row in %2</source>
            <translation type="unfinished">the price catalogue has no spot price for this GPU on this cloud: leave out spot (%1) or add spot_per_gpu_hour to your row in %2</translation>
        </message>
        <message>
            <source>no row of the price catalogue has a spot price: leave out spot (%1) or add spot_per_gpu_hour to your rows in %2</source>
            <translation type="unfinished">no row of the price catalogue has a spot price: leave out spot (%1) or add spot_per_gpu_hour to your rows in %2</translation>
        </message>
        <message>
            <source>%1 has no %2 price in the catalogue (it prices %3): choose one of those (%4), try every GPU type (%5) or give your price per GPU-hour (%6)</source>
            <translation type="unfinished">%1 has no %2 price in the catalogue (it prices %3): choose one of those (%4), try every GPU type (%5) or give your price per GPU-hour (%6)</translation>
        </message>
        <message>
            <source>%1 has no region '%2' in the price catalogue (it has %3)</source>
            <translation type="unfinished">%1 has no region '%2' in the price catalogue (it has %3)</translation>
        </message>
        <message>
            <source>the price catalogue has no cloud '%1' (it has %2): add its rows to %3 or give your price per GPU-hour (%4)</source>
            <translation type="unfinished">the price catalogue has no cloud '%1' (it has %2): add its rows to %3 or give your price per GPU-hour (%4)</translation>
        </message>
        <message>
            <source>a deadline or budget needs prices: set a cloud (%1), your price per GPU-hour (%2), or try the catalogue's clouds (%3)</source>
            <translation type="unfinished">a deadline or budget needs prices: set a cloud (%1), your price per GPU-hour (%2), or try the catalogue's clouds (%3)</translation>
        </message>
        <message>
            <source>no layout that fits in memory makes the global batch %1 exactly: its number of GPUs must divide the batch; allow more nodes (%2) or change the batch</source>
            <translation type="unfinished">no layout that fits in memory makes the global batch %1 exactly: its number of GPUs must divide the batch; allow more nodes (%2) or change the batch</translation>
        </message>
        <message>
            <source>no layout up to %1 nodes fits in memory, even with ZeRO-3, full checkpointing and micro-batch 1: allow more nodes (%2) or use a GPU with more memory</source>
            <translation type="unfinished">no layout up to %1 nodes fits in memory, even with ZeRO-3, full checkpointing and micro-batch 1: allow more nodes (%2) or use a GPU with more memory</translation>
        </message>
        <message>
            <source>no layout up to %1 nodes both fits in memory and makes the global batch %2: the ones whose GPUs divide the batch do not fit, even with ZeRO-3 and checkpointing; allow more nodes (%3) or change the batch</source>
            <translation type="unfinished">no layout up to %1 nodes both fits in memory and makes the global batch %2: the ones whose GPUs divide the batch do not fit, even with ZeRO-3 and checkpointing; allow more nodes (%3) or change the batch</translation>
        </message>
        <message>
            <source>no layout can be priced: %1</source>
            <translation type="unfinished">no layout can be priced: %1</translation>
        </message>
        <message>
            <source>no layout up to %1 nodes can make the global batch %2: its number of GPUs must divide the batch</source>
            <translation type="unfinished">no layout up to %1 nodes can make the global batch %2: its number of GPUs must divide the batch</translation>
        </message>
    </context>
    <context>
        <name>Durations</name>
        <message>
            <source>seconds</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>minutes</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>hours</source>
            <translation type="unfinished">hours</translation>
        </message>
        <message>
            <source>%1 s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 min</source>
            <translation type="unfinished">%1 min</translation>
        </message>
        <message>
            <source>%1 h</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 h (%2 days)</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>ExitStatus</name>
        <message>
            <source>Exit status, the same rule for every command: 0 done, nothing needs you; 1 done, but the result needs you (an error finding, a failed run, an alarm); 2 nothing done: bad arguments or input.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 Here: %2</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>FieldLabels</name>
        <message>
            <source>Plan name</source>
            <translation>Plan name</translation>
        </message>
        <message>
            <source>Nodes</source>
            <translation>Nodes</translation>
        </message>
        <message>
            <source>Machines in the job.</source>
            <translation>Machines in the job.</translation>
        </message>
        <message>
            <source>GPUs per node</source>
            <translation>GPUs per node</translation>
        </message>
        <message>
            <source>GPUs the job uses on each machine; at most what the node type has.</source>
            <translation>GPUs the job uses on each machine; at most what the node type has.</translation>
        </message>
        <message>
            <source>GPU model</source>
            <translation>GPU model</translation>
        </message>
        <message>
            <source>Network between nodes</source>
            <translation>Network between nodes</translation>
        </message>
        <message>
            <source>Model name</source>
            <translation>Model name</translation>
        </message>
        <message>
            <source>Trainer preset</source>
            <translation>Trainer preset</translation>
        </message>
        <message>
            <source>A model of traindeck-trainer, or Custom to enter your own model's size.</source>
            <translation>A model of traindeck-trainer, or Custom to enter your own model's size.</translation>
        </message>
        <message>
            <source>Parameters</source>
            <translation>Parameters</translation>
        </message>
        <message>
            <source>Trainable parameters, e.g. 7e9 for a 7B model.</source>
            <translation>Trainable parameters, e.g. 7e9 for a 7B model.</translation>
        </message>
        <message>
            <source>Tokens per sample</source>
            <translation>Tokens per sample</translation>
        </message>
        <message>
            <source>FLOPs per sample</source>
            <translation>FLOPs per sample</translation>
        </message>
        <message>
            <source>0 uses 6 × parameters × tokens (forward and backward).</source>
            <translation>0 uses 6 × parameters × tokens (forward and backward).</translation>
        </message>
        <message>
            <source>Dataset size (samples)</source>
            <translation>Dataset size (samples)</translation>
        </message>
        <message>
            <source>Drop the last partial batch</source>
            <translation>Drop the last partial batch</translation>
        </message>
        <message>
            <source>Micro-batch per GPU</source>
            <translation>Micro-batch per GPU</translation>
        </message>
        <message>
            <source>Gradient accumulation</source>
            <translation>Gradient accumulation</translation>
        </message>
        <message>
            <source>Micro-steps per optimizer step; used when the target batch is 0.</source>
            <translation>Micro-steps per optimizer step; used when the target batch is 0.</translation>
        </message>
        <message>
            <source>Target global batch</source>
            <translation>Target global batch</translation>
        </message>
        <message>
            <source>Above 0: the accumulation is solved to reach this effective batch.</source>
            <translation>Above 0: the accumulation is solved to reach this effective batch.</translation>
        </message>
        <message>
            <source>Base learning rate</source>
            <translation>Base learning rate</translation>
        </message>
        <message>
            <source>The learning rate known to work at the reference batch.</source>
            <translation>The learning rate known to work at the reference batch.</translation>
        </message>
        <message>
            <source>Reference batch</source>
            <translation>Reference batch</translation>
        </message>
        <message>
            <source>LR scaling rule</source>
            <translation>LR scaling rule</translation>
        </message>
        <message>
            <source>Scale warmup with the batch</source>
            <translation>Scale warmup with the batch</translation>
        </message>
        <message>
            <source>Warmup steps</source>
            <translation>Warmup steps</translation>
        </message>
        <message>
            <source>Total steps</source>
            <translation>Total steps</translation>
        </message>
        <message>
            <source>Used when epochs is 0.</source>
            <translation>Used when epochs is 0.</translation>
        </message>
        <message>
            <source>Epochs</source>
            <translation>Epochs</translation>
        </message>
        <message>
            <source>Above 0: total steps = epochs × steps per epoch.</source>
            <translation>Above 0: total steps = epochs × steps per epoch.</translation>
        </message>
        <message>
            <source>ZeRO stage</source>
            <translation>ZeRO stage</translation>
        </message>
        <message>
            <source>Offload optimizer to CPU</source>
            <translation>Offload optimizer to CPU</translation>
        </message>
        <message>
            <source>Precision</source>
            <translation>Precision</translation>
        </message>
        <message>
            <source>Model FLOPs utilisation</source>
            <translation>Model FLOPs utilisation</translation>
        </message>
        <message>
            <source>The share of the GPU's peak the compute time assumes (0–1).</source>
            <translation>The share of the GPU's peak the compute time assumes (0–1).</translation>
        </message>
        <message>
            <source>Checkpoint every (steps)</source>
            <translation>Checkpoint every (steps)</translation>
        </message>
        <message>
            <source>0: no checkpoints.</source>
            <translation>0: no checkpoints.</translation>
        </message>
        <message>
            <source>Validate every (steps)</source>
            <translation>Validate every (steps)</translation>
        </message>
        <message>
            <source>0: no validation.</source>
            <translation>0: no validation.</translation>
        </message>
        <message>
            <source>Target platform</source>
            <translation>Target platform</translation>
        </message>
        <message>
            <source>Job name</source>
            <translation>Job name</translation>
        </message>
        <message>
            <source>Container image</source>
            <translation>Container image</translation>
        </message>
        <message>
            <source>Namespace</source>
            <translation>Namespace</translation>
        </message>
        <message>
            <source>Workload command</source>
            <translation>Workload command</translation>
        </message>
        <message>
            <source>Your training command; empty runs traindeck-trainer.</source>
            <translation>Your training command; empty runs traindeck-trainer.</translation>
        </message>
        <message>
            <source>Rendezvous port</source>
            <translation>Rendezvous port</translation>
        </message>
        <message>
            <source>Collective timeout (s)</source>
            <translation>Collective timeout (s)</translation>
        </message>
        <message>
            <source>Set where the framework reads it (e.g. torch init_process_group timeout).</source>
            <translation>Set where the framework reads it (e.g. torch init_process_group timeout).</translation>
        </message>
        <message>
            <source>The whole job's process count as written in your accelerate config; 0 derives it.</source>
            <translation>The whole job's process count as written in your accelerate config; 0 derives it.</translation>
        </message>
        <message>
            <source>Cluster</source>
            <translation>Cluster</translation>
        </message>
        <message>
            <source>Model and data</source>
            <translation>Model and data</translation>
        </message>
        <message>
            <source>Recipe</source>
            <translation>Recipe</translation>
        </message>
        <message>
            <source>Platform and workload</source>
            <translation>Platform and workload</translation>
        </message>
        <message>
            <source>Advanced</source>
            <translation>Advanced</translation>
        </message>
        <message>
            <source>How many machines, how many GPUs in each, and what connects them.</source>
            <translation>How many machines, how many GPUs in each, and what connects them.</translation>
        </message>
        <message>
            <source>The model's size and the data it trains on.</source>
            <translation>The model's size and the data it trains on.</translation>
        </message>
        <message>
            <source>Batch, learning rate and schedule. The learning rate is rescaled for the effective batch.</source>
            <translation>Batch, learning rate and schedule. The learning rate is rescaled for the effective batch.</translation>
        </message>
        <message>
            <source>Where the job runs and what it runs.</source>
            <translation>Where the job runs and what it runs.</translation>
        </message>
        <message>
            <source>Assumptions of the estimate.</source>
            <translation>Assumptions of the estimate.</translation>
        </message>
        <message>
            <source>Linear (LR grows with the batch)</source>
            <translation>Linear (LR grows with the batch)</translation>
        </message>
        <message>
            <source>Square root</source>
            <translation>Square root</translation>
        </message>
        <message>
            <source>None (keep the base LR)</source>
            <translation>None (keep the base LR)</translation>
        </message>
        <message>
            <source>0: plain data parallel</source>
            <translation>0: plain data parallel</translation>
        </message>
        <message>
            <source>1: shard optimizer state</source>
            <translation>1: shard optimizer state</translation>
        </message>
        <message>
            <source>2: shard optimizer state and gradients</source>
            <translation>2: shard optimizer state and gradients</translation>
        </message>
        <message>
            <source>3: shard everything, parameters too</source>
            <translation>3: shard everything, parameters too</translation>
        </message>
        <message>
            <source>Custom</source>
            <translation>Custom</translation>
        </message>
        <message>
            <source>Plain SSH</source>
            <translation>Plain SSH</translation>
        </message>
        <message>
            <source>A name for this plan; the file name is chosen when saving.</source>
            <translation>A name for this plan; the file name is chosen when saving.</translation>
        </message>
        <message>
            <source>Sets the memory, peak speed and NVLink bandwidth the estimate uses.</source>
            <translation>Sets the memory, peak speed and NVLink bandwidth the estimate uses.</translation>
        </message>
        <message>
            <source>The bandwidth each node has to the others; the gradient all-reduce across nodes runs over it.</source>
            <translation>The bandwidth each node has to the others; the gradient all-reduce across nodes runs over it.</translation>
        </message>
        <message>
            <source>For your reference; the estimate does not use it.</source>
            <translation>For your reference; the estimate does not use it.</translation>
        </message>
        <message>
            <source>Tokens one sample feeds through the model (sequence length).</source>
            <translation>Tokens one sample feeds through the model (sequence length).</translation>
        </message>
        <message>
            <source>Memory the activations of one sample hold at the peak of backward.</source>
            <translation>Memory the activations of one sample hold at the peak of backward.</translation>
        </message>
        <message>
            <source>Samples in one epoch; gives the steps per epoch.</source>
            <translation>Samples in one epoch; gives the steps per epoch.</translation>
        </message>
        <message>
            <source>As the data loader's drop_last: steps per epoch round down instead of up.</source>
            <translation>As the data loader's drop_last: steps per epoch round down instead of up.</translation>
        </message>
        <message>
            <source>Samples each GPU processes per forward and backward pass.</source>
            <translation>Samples each GPU processes per forward and backward pass.</translation>
        </message>
        <message>
            <source>The effective batch the base learning rate was tuned at.</source>
            <translation>The effective batch the base learning rate was tuned at.</translation>
        </message>
        <message>
            <source>How the learning rate follows the effective batch: in proportion, with its square root, or not at all.</source>
            <translation>How the learning rate follows the effective batch: in proportion, with its square root, or not at all.</translation>
        </message>
        <message>
            <source>Keep the warmup's samples constant: fewer warmup steps as the batch grows.</source>
            <translation>Keep the warmup's samples constant: fewer warmup steps as the batch grows.</translation>
        </message>
        <message>
            <source>Steps of linear warmup at the reference batch, before the cosine decay.</source>
            <translation>Steps of linear warmup at the reference batch, before the cosine decay.</translation>
        </message>
        <message>
            <source>DeepSpeed ZeRO: what is sharded across GPUs to save memory.</source>
            <translation>DeepSpeed ZeRO: what is sharded across GPUs to save memory.</translation>
        </message>
        <message>
            <source>Keep the optimizer state in CPU memory (needs ZeRO).</source>
            <translation>Keep the optimizer state in CPU memory (needs ZeRO).</translation>
        </message>
        <message>
            <source>The number format of training; sets the bytes per parameter and gradient.</source>
            <translation>The number format of training; sets the bytes per parameter and gradient.</translation>
        </message>
        <message>
            <source>CUDA context, NCCL buffers and allocator slack, beyond model states and activations.</source>
            <translation>CUDA context, NCCL buffers and allocator slack, beyond model states and activations.</translation>
        </message>
        <message>
            <source>Where the job is launched; decides which variables carry the ranks.</source>
            <translation>Where the job is launched; decides which variables carry the ranks.</translation>
        </message>
        <message>
            <source>The job's name on the platform; Kubernetes allows lower-case letters, digits and '-'.</source>
            <translation>The job's name on the platform; Kubernetes allows lower-case letters, digits and '-'.</translation>
        </message>
        <message>
            <source>The image every node runs (Kubernetes, PyTorchJob, PAI-DLC).</source>
            <translation>The image every node runs (Kubernetes, PyTorchJob, PAI-DLC).</translation>
        </message>
        <message>
            <source>The Kubernetes namespace of the job.</source>
            <translation>The Kubernetes namespace of the job.</translation>
        </message>
        <message>
            <source>The port on node 0 where the nodes meet (MASTER_PORT).</source>
            <translation>The port on node 0 where the nodes meet (MASTER_PORT).</translation>
        </message>
        <message>
            <source>Hosts</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Where the Launch page and the ssh files start the nodes: one per node, node 0 first, [user@]host[:port] or an ssh alias, separated by commas.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Compared layouts</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Layouts shown beside the plan's own, NODESxGPUS separated by commas: 1x8,2x8,8x8.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Measured speeds</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Architecture</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The model's architecture (from --hf-config or --model): its parameters, FLOPs and activation memory follow from it. Empty: enter parameters and activation memory yourself.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Activation checkpointing</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>none keeps every activation; selective recomputes attention's scores; full keeps only each block's input and recomputes the block in backward (about 1/3 more compute).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Flash attention</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Attention that keeps no sequence × sequence scores (PyTorch's SDPA picks it by default).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Clip frames</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Frames of one video sample; the trainer trains on clips of this size.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Clip height</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Pixels; a multiple of 8.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Clip width</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>FSDP sharding</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>PyTorch FSDP instead of ZeRO: full_shard shards weights, gradients and optimizer; shard_grad_op keeps the weights gathered from forward to backward; hybrid_shard shards within each node.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Processes per node</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>single: the command starts its own processes (torchrun, accelerate launch); per-gpu: TrainDeck starts the command once per GPU with torchrun's variables (RANK, LOCAL_RANK, WORLD_SIZE, ...).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>None</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Selective (attention scores)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Full (each block)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Once per node (the command starts its processes)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Once per GPU (TrainDeck starts them, as torchrun)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Activation memory per sample (GiB)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Memory overhead per GPU (GiB)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>GPUs to use on each host</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>GPU indices each SSH node runs on (its CUDA_VISIBLE_DEVICES), as many as GPUs per node: 0,1,2,3 runs a 4-GPU plan on an 8-GPU machine. Empty: all of the node's GPUs.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Checkpoint folder</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Where the job writes its checkpoints, an absolute path on the nodes (the trainer's --checkpoint-dir, {checkpoint_dir} in your command). Empty: a place that outlives the pod or node: the first mounted volume claim (Kubernetes, PyTorchJob), the job's submit folder (SLURM); PAI-DLC and SSH need a path.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Cloud</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The cloud whose prices the cost uses (traindeck prices lists them: aws, gcp, azure, lambda, alibaba, or your own); empty: no cost unless a price per GPU-hour is set.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Region</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The cloud's region; empty: its cheapest region for the GPU.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Spot price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Price the GPUs at the spot (preemptible) price instead of on-demand.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Price per GPU-hour</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Your own price, which wins over the catalogue; 0: the catalogue's.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Currency</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Of your own price and budget (USD, CNY, ...); empty: the cloud's, else USD.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Most nodes</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The most nodes a deadline or budget may choose.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Deadline</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Finish within 36h, 90m, 2d, or by a date and time (2026-11-30T09:00, UTC): the cheapest layout that does is chosen.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Budget</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The most the run may cost: the fastest layout within it is chosen; 0: none.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Across GPU types and clouds</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>A deadline or budget also tries the catalogue's other GPU types and clouds.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Samples per validation</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Held-out samples one validation reads; its time counts in the time to finish.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Checkpoint write speed (GB/s)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>How fast a checkpoint (weights and optimizer states) reaches storage; its write time counts in the time to finish.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Speeds measured on a layout, which refit the model: 1x8=0.9steps/s, 2x8=115samples/s or 2x8=1.1s/step, separated by commas; after '@' the workload it ran (1x1=22.8samples/s@micro=8:seq=1024:ckpt=full), else the plan as it stands.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Slurm partition</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The partition the Slurm job queues in; empty: the cluster's default.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Slurm account</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The account the Slurm job is charged to; empty: your default account.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Slurm QOS</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The Slurm quality of service; empty: the account's default.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Slurm time limit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The job's time limit as sbatch --time takes it ("2-00:00:00", "90"); empty: the partition's default.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>More sbatch options</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>More #SBATCH lines for the job, separated by commas: --constraint=h100, --mail-type=END.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Processes (accelerate config)</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>FieldSections</name>
        <message>
            <source>None (your own price)</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Files</name>
        <message>
            <source>%1: cannot write: %2</source>
            <translation type="unfinished">%1: cannot write: %2</translation>
        </message>
        <message>
            <source>%1: write failed: %2</source>
            <translation type="unfinished">%1: write failed: %2</translation>
        </message>
        <message>
            <source>%1: cannot replace: %2</source>
            <translation type="unfinished">%1: cannot replace: %2</translation>
        </message>
    </context>
    <context>
        <name>FindingTexts</name>
        <message>
            <source>%1: %2 GPUs per node, but %3 nodes have %4: local ranks %5–%6 would ask for CUDA devices that do not exist ('invalid device ordinal')</source>
            <translation>%1: %2 GPUs per node, but %3 nodes have %4: local ranks %5–%6 would ask for CUDA devices that do not exist ('invalid device ordinal')</translation>
        </message>
        <message>
            <source>%1: the effective batch is %2 but the LR %3 was tuned at batch %4 and is not rescaled</source>
            <translation>%1: the effective batch is %2 but the LR %3 was tuned at batch %4 and is not rescaled</translation>
        </message>
        <message>
            <source>%1: the dataset of %2 samples is smaller than one batch of %3</source>
            <translation>%1: the dataset of %2 samples is smaller than one batch of %3</translation>
        </message>
        <message>
            <source>%1: the dataset of %2 samples is smaller than one batch of %3, and drop_last drops it: no step would run</source>
            <translation>%1: the dataset of %2 samples is smaller than one batch of %3, and drop_last drops it: no step would run</translation>
        </message>
        <message>
            <source>%1: warmup (%2 steps) lasts the whole run (%3 steps): the LR never reaches its peak</source>
            <translation>%1: warmup (%2 steps) lasts the whole run (%3 steps): the LR never reaches its peak</translation>
        </message>
        <message>
            <source>%1: scaling efficiency %2%: the gradient all-reduce (%3 s) is not hidden behind backward</source>
            <translation>%1: scaling efficiency %2%: the gradient all-reduce (%3 s) is not hidden behind backward</translation>
        </message>
        <message>
            <source>optimizer offload is a ZeRO feature: DeepSpeed ignores offload_optimizer at stage 0</source>
            <translation>optimizer offload is a ZeRO feature: DeepSpeed ignores offload_optimizer at stage 0</translation>
        </message>
        <message>
            <source>accelerate's num_processes is %1 but the job has %2 × %3 = %4 processes</source>
            <translation>accelerate's num_processes is %1 but the job has %2 × %3 = %4 processes</translation>
        </message>
        <message>
            <source>accelerate's num_processes is %1 but the job has %2 × %3 = %4 processes: num_processes counts the whole job's processes, not one node's</source>
            <translation>accelerate's num_processes is %1 but the job has %2 × %3 = %4 processes: num_processes counts the whole job's processes, not one node's</translation>
        </message>
        <message>
            <source>%1 has no effect: NCCL reads no NCCL_TIMEOUT; the collective timeout belongs to the framework</source>
            <translation>%1 has no effect: NCCL reads no NCCL_TIMEOUT; the collective timeout belongs to the framework</translation>
        </message>
        <message>
            <source>%1 has no effect: PyTorch renamed it %2 (2.2); the old name is ignored</source>
            <translation>%1 has no effect: PyTorch renamed it %2 (2.2); the old name is ignored</translation>
        </message>
        <message>
            <source>%1 has no effect: PyTorch reads no such variable</source>
            <translation>%1 has no effect: PyTorch reads no such variable</translation>
        </message>
        <message>
            <source>DeepSpeed requires train_batch_size = micro × accumulation × world: %1 = %2 × %3 × %4; the generated configs set all three together</source>
            <translation>DeepSpeed requires train_batch_size = micro × accumulation × world: %1 = %2 × %3 × %4; the generated configs set all three together</translation>
        </message>
        <message>
            <source>use at most %1 GPUs per node</source>
            <translation>use at most %1 GPUs per node</translation>
        </message>
        <message>
            <source>use %1 nodes × %2 GPUs (the same %3 GPUs)</source>
            <translation>use %1 nodes × %2 GPUs (the same %3 GPUs)</translation>
        </message>
        <message>
            <source>set the global batch to %1 (accumulation %2)</source>
            <translation>set the global batch to %1 (accumulation %2)</translation>
        </message>
        <message>
            <source>lower the micro-batch and raise accumulation, or use a higher ZeRO stage</source>
            <translation>lower the micro-batch and raise accumulation, or use a higher ZeRO stage</translation>
        </message>
        <message>
            <source>use the linear rule (LR %1) or the square-root rule (LR %2)</source>
            <translation>use the linear rule (LR %1) or the square-root rule (LR %2)</translation>
        </message>
        <message>
            <source>use a smaller batch or fewer GPUs</source>
            <translation>use a smaller batch or fewer GPUs</translation>
        </message>
        <message>
            <source>shorten the warmup to a few percent of the run</source>
            <translation>shorten the warmup to a few percent of the run</translation>
        </message>
        <message>
            <source>raise the micro-batch or accumulation so each step computes longer, or use a faster network</source>
            <translation>raise the micro-batch or accumulation so each step computes longer, or use a faster network</translation>
        </message>
        <message>
            <source>use ZeRO stage 2 with offload, or turn offload off</source>
            <translation>use ZeRO stage 2 with offload, or turn offload off</translation>
        </message>
        <message>
            <source>set num_processes to %1 (num_machines %2)</source>
            <translation>set num_processes to %1 (num_machines %2)</translation>
        </message>
        <message>
            <source>remove it and set launch.comm_timeout_s, which TrainDeck passes to the framework (torch.distributed.init_process_group(timeout=...), DeepSpeed's timeout)</source>
            <translation>remove it and set launch.comm_timeout_s, which TrainDeck passes to the framework (torch.distributed.init_process_group(timeout=...), DeepSpeed's timeout)</translation>
        </message>
        <message>
            <source>rename it to %1</source>
            <translation>rename it to %1</translation>
        </message>
        <message>
            <source>set launch.comm_timeout_s instead</source>
            <translation>set launch.comm_timeout_s instead</translation>
        </message>
        <message>
            <source>; the largest micro-batch that fits is %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>; not even micro-batch 1 fits</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the sequence of %1 tokens is longer than the %2 positions the model's config allows (max_position_embeddings)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>use sequences of at most %1 tokens</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no micro-batch, checkpointing or sharding fits: use more GPUs, CPU offload or a smaller model</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>ZeRO stage %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>FSDP full_shard</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>micro-batch %1 × accumulation %2 (keeps batch %3)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>use %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>use %1 and %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>use %1, %2 and %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: needs %2 GiB per GPU, more than the %3 GiB of a %4</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: then %2 GiB per GPU and %3 s per step</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: needs %2 GiB of the card's %3 GiB: little room for fragmentation or longer samples</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>full activation checkpointing</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>selective activation checkpointing</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: no micro-batch × accumulation on %3 GPUs makes the global batch %2; the run would use %4, and DeepSpeed refuses to start unless train_batch_size = micro × accumulation × world</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: no micro-batch × accumulation on %3 GPUs makes the global batch %2; the run would use %4</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>a checkpoint write takes about %1 s (%2 GB at %3 GB/s) and the collective timeout is %4 s: the ranks that wait in the next collective while it is written are aborted by NCCL's watchdog ('collective operation timeout') once the write outlasts it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>raise the collective timeout to %1 s (twice the write), or write sharded checkpoints (torch.distributed.checkpoint) to faster storage</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Findings</name>
        <message>
            <source>More GPUs per node than the node has</source>
            <translation>More GPUs per node than the node has</translation>
        </message>
        <message>
            <source>Does not fit in GPU memory</source>
            <translation>Does not fit in GPU memory</translation>
        </message>
        <message>
            <source>GPU memory nearly full</source>
            <translation>GPU memory nearly full</translation>
        </message>
        <message>
            <source>Learning rate not rescaled for the batch</source>
            <translation>Learning rate not rescaled for the batch</translation>
        </message>
        <message>
            <source>Dataset smaller than one batch</source>
            <translation>Dataset smaller than one batch</translation>
        </message>
        <message>
            <source>Warmup lasts the whole run</source>
            <translation>Warmup lasts the whole run</translation>
        </message>
        <message>
            <source>Poor scaling: communication not hidden</source>
            <translation>Poor scaling: communication not hidden</translation>
        </message>
        <message>
            <source>Optimizer offload needs ZeRO</source>
            <translation>Optimizer offload needs ZeRO</translation>
        </message>
        <message>
            <source>accelerate num_processes does not match the job</source>
            <translation>accelerate num_processes does not match the job</translation>
        </message>
        <message>
            <source>Environment variable has no effect</source>
            <translation>Environment variable has no effect</translation>
        </message>
        <message>
            <source>DeepSpeed batch rule</source>
            <translation>DeepSpeed batch rule</translation>
        </message>
        <message>
            <source>Target batch not reachable exactly</source>
            <translation>Target batch not reachable exactly</translation>
        </message>
        <message>
            <source>the measurement %1 fits the fitted model badly: it predicts %2 samples/s there (%3)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>check that the run had the plan's model, micro-batch and precision and was measured after warm-up; or remove the point</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: exposed communication is %2 of the %3 s step: the figures rest on the model's network assumptions (rings, the node's NICs shared by its GPUs)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>raise the work per step (micro-batch, accumulation), use a faster network or fewer nodes, and calibrate on a multi-node run</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Communication dominates the step</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>A measurement fits the model badly</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Sequence longer than the model allows</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Checkpoint write longer than the collective timeout allows</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Sooner, but costs more to finish</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>A layout that is cheaper and sooner</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>A measurement of another model or GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the measurement %1 is not used: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>remove the point, or measure the plan's model on the plan's GPU type</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The host bounds the step</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: eager PyTorch takes %2 ms to issue a micro-step's operators and the GPU %3 ms to run them: the GPUs wait for the host, and the step follows the host's speed, which differs between machines and from run to run</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>use %1: %2 s per step instead of %3 s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>give each GPU more work per micro-step (a larger micro-batch, or fewer GPUs for the same batch) or issue fewer operators (torch.compile, CUDA graphs); a run that records its host time (traindeck_metrics' host_s) calibrates this host's speed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Model read as a Llama-like decoder</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>compare the parameter count with the model's card; where they differ, correct the architecture's items (model.architecture) or give the parameter count</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Formulas</name>
        <message>
            <source>gradient all-reduce, ring on NVLink then ring across nodes, each GPU's 1/g share on 1/g of the node's NICs: 2(g−1)/g × bytes / NVLink + 2(n−1)/n × bytes / node network</source>
            <translation>gradient all-reduce, ring on NVLink then ring across nodes, each GPU's 1/g share on 1/g of the node's NICs: 2(g−1)/g × bytes / NVLink + 2(n−1)/n × bytes / node network</translation>
        </message>
        <message>
            <source>ZeRO-3: reduce-scatter of gradients + 2 parameter all-gathers per micro-step (forward and backward), each half a ring all-reduce's volume, same rings as the gradients</source>
            <translation>ZeRO-3: reduce-scatter of gradients + 2 parameter all-gathers per micro-step (forward and backward), each half a ring all-reduce's volume, same rings as the gradients</translation>
        </message>
        <message>
            <source>max(0, communication − compute) + (1 − overlap) × min(communication, window) + latency × collectives</source>
            <translation>max(0, communication − compute) + (1 − overlap) × min(communication, window) + latency × collectives</translation>
        </message>
        <message>
            <source>max(0, communication − backward window) + (1 − overlap) × min(communication, window) + latency × collectives</source>
            <translation>max(0, communication − backward window) + (1 − overlap) × min(communication, window) + latency × collectives</translation>
        </message>
        <message>
            <source>micro × world × accumulation</source>
            <translation>micro × world × accumulation</translation>
        </message>
        <message>
            <source>base LR × batch / base batch</source>
            <translation>base LR × batch / base batch</translation>
        </message>
        <message>
            <source>base LR × √(batch / base batch)</source>
            <translation>base LR × √(batch / base batch)</translation>
        </message>
        <message>
            <source>base LR (no scaling rule)</source>
            <translation>base LR (no scaling rule)</translation>
        </message>
        <message>
            <source>round(warmup × base batch / batch)</source>
            <translation>round(warmup × base batch / batch)</translation>
        </message>
        <message>
            <source>warmup (not scaled)</source>
            <translation>warmup (not scaled)</translation>
        </message>
        <message>
            <source>⌊dataset / batch⌋ (drop_last)</source>
            <translation>⌊dataset / batch⌋ (drop_last)</translation>
        </message>
        <message>
            <source>⌈dataset / batch⌉</source>
            <translation>⌈dataset / batch⌉</translation>
        </message>
        <message>
            <source>⌈epochs × steps per epoch⌉</source>
            <translation>⌈epochs × steps per epoch⌉</translation>
        </message>
        <message>
            <source>steps as planned</source>
            <translation>steps as planned</translation>
        </message>
        <message>
            <source>1 / step time</source>
            <translation>1 / step time</translation>
        </message>
        <message>
            <source>batch / step time</source>
            <translation>batch / step time</translation>
        </message>
        <message>
            <source>hours × world</source>
            <translation>hours × world</translation>
        </message>
        <message>
            <source>(samples/s per GPU) / (same on one node of %1)</source>
            <translation>(samples/s per GPU) / (same on one node of %1)</translation>
        </message>
        <message>
            <source>compute (ZeRO-3 prefetches under the whole step)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>backward of the last micro-step: compute / accumulation × 2/3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>6 × parameters × tokens (+ 2 × parameters × tokens recomputed)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>6 × Σ conv (in × out × k² / scale²) × pixels (forward and backward)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>each layer's 16-bit input and activation input, per token</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>per token per layer %1·h + %2·q + %3·kv + top_k × (%4·h + %5·I) bytes (saved tensors, Korthikanti et al. 2022 for this block)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>per token per layer %1·h + %2·q + %3·kv + %6·I bytes (saved tensors, Korthikanti et al. 2022 for this block)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>at the start of backward</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>in the last block's backward</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>at the end of backward</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>at the optimizer step</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>peak of the step (%1): weights + gradients + optimizer + activations + logits + overhead, the larger of backward's start (all activations, no gradients yet) and its end (all gradients, no activations)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>(6 + 2·recomputed) × block matrix weights × s + 6 × output layer × s + (12 + 4·recomputed) × layers × s² × heads·head_dim (forward 2 per weight per token and 4·s·d per token for attention; backward twice that)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>executed FLOPs per sample (forward × %1, backward × %2) × micro × accumulation / (peak × MFU)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>(accumulation × elementwise bytes per micro-step + AdamW's (2·w + g + 2·o) bytes per parameter / shards) / (bandwidth × %1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>accumulation × eager PyTorch's issue time per micro-step (fixed + blocks × per block × autocast × recomputation)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>accumulation × ((host issue)³ + (compute + elementwise traffic)³)^⅓ per micro-step + optimizer traffic + exposed communication</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>steps × step time</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>⌊steps / eval every⌋ × eval samples / batch × (step − exposed comm) × ⅓ (forward only)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>⌊steps / checkpoint every⌋ × parameters × (w + o) bytes / write speed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>training + evaluations + checkpoint writes</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>shard_grad_op: reduce-scatter of gradients + 1 parameter all-gather per micro-step (kept from forward to backward), each half a ring all-reduce's volume, same rings as the gradients</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the root's parameters gathered before the first block and their gradients reduce-scattered after the last</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the last bucket (the input embedding's gradient) all-reduced after backward</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>tail + max(0, communication − tail − window) + (1 − overlap) × min(communication − tail, window) + latency × collectives</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>accumulation × (((host issue)³ + (compute + elementwise traffic − experts between synchronisations)³)^⅓ + experts between synchronisations) per micro-step + optimizer traffic + exposed communication</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>⌊steps / eval every⌋ × eval samples / batch × (step − exposed comm) / the run's evaluation speed over its training speed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>⌊steps / checkpoint every⌋ × parameters × (w + o) bytes / the run's write speed</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>GenerateCommand</name>
        <message>
            <source>the plan has errors, nothing written: %1 (run 'traindeck plan' for all findings)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>skipping %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>unknown target '%1' (targets: %2all)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>--mount needs CLAIM:/path[:ro], got '%1'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>--secret-env needs VAR=SECRET:KEY (a Kubernetes Secret and its key), got '%1'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Usage: traindeck generate [PLAN.yaml] --target T[,T...]|all --out DIR [OPTIONS]</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Targets:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Command template placeholders (--command):</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>--retries needs a whole number from 0 to 100, got '%1'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>--target is required (k8s, pytorchjob, pai, slurm, ssh, accelerate, deepspeed or all)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>--out DIR is required</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>wrote %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Writes the launch files of a plan. Without PLAN.yaml the built-in demo plan is used; plan flags override the file. Existing files are kept unless --force is given. --target all writes every target it can and names each one it skips, and why.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>cannot write %1, nothing written: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no target could be written, nothing written</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>error in compared layout %1, not the one generated (%2): %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>warning, written into the files as a comment: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>note: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>--pai-priority needs a whole number from 1 to 9, got '%1'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>0 written; 1 written, but a compared layout has an error finding; 2 nothing written (bad input, errors in the plan's own layout, or a target named in --target that cannot be written).</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>GenerateErrors</name>
        <message>
            <source>environment variable name '%1' is not valid: use letters, digits and '_', not starting with a digit</source>
            <translation>environment variable name '%1' is not valid: use letters, digits and '_', not starting with a digit</translation>
        </message>
        <message>
            <source>environment variable %1 is set by the entrypoint for each node and cannot be overridden</source>
            <translation>environment variable %1 is set by the entrypoint for each node and cannot be overridden</translation>
        </message>
        <message>
            <source>environment variable %1 holds a NUL byte, which no environment can carry</source>
            <translation>environment variable %1 holds a NUL byte, which no environment can carry</translation>
        </message>
        <message>
            <source>secret variable name '%1' is not a valid environment name</source>
            <translation>secret variable name '%1' is not a valid environment name</translation>
        </message>
        <message>
            <source>secret variable %1 would override a variable the entrypoint sets</source>
            <translation>secret variable %1 would override a variable the entrypoint sets</translation>
        </message>
        <message>
            <source>variable %1 is given both as a secret and as a plain value</source>
            <translation>variable %1 is given both as a secret and as a plain value</translation>
        </message>
        <message>
            <source>the job name and command cannot hold NUL bytes</source>
            <translation>the job name and command cannot hold NUL bytes</translation>
        </message>
        <message>
            <source>retries must be 0 or more</source>
            <translation>retries must be 0 or more</translation>
        </message>
        <message>
            <source>job name '%1' is not a valid Kubernetes name: use lowercase letters, digits and '-', starting with a letter and ending with a letter or digit (DNS-1035 label)</source>
            <translation>job name '%1' is not a valid Kubernetes name: use lowercase letters, digits and '-', starting with a letter and ending with a letter or digit (DNS-1035 label)</translation>
        </message>
        <message>
            <source>job name '%1' is too long for Kubernetes: pod hostnames add '%2' and must fit 63 characters, so at most %3 characters</source>
            <translation>job name '%1' is too long for Kubernetes: pod hostnames add '%2' and must fit 63 characters, so at most %3 characters</translation>
        </message>
        <message>
            <source>%1 '%2' is not a valid Kubernetes name: at most 63 lowercase letters, digits and '-', starting and ending with a letter or digit (DNS-1123 label)</source>
            <translation>%1 '%2' is not a valid Kubernetes name: at most 63 lowercase letters, digits and '-', starting and ending with a letter or digit (DNS-1123 label)</translation>
        </message>
        <message>
            <source>%1 '%2' is not a valid Kubernetes name: lowercase letters, digits, '-' and '.', at most 253 characters (DNS-1123 subdomain)</source>
            <translation>%1 '%2' is not a valid Kubernetes name: lowercase letters, digits, '-' and '.', at most 253 characters (DNS-1123 subdomain)</translation>
        </message>
        <message>
            <source>image '%1' is not a valid image reference: it must be non-empty, without spaces or control characters</source>
            <translation>image '%1' is not a valid image reference: it must be non-empty, without spaces or control characters</translation>
        </message>
        <message>
            <source>queue '%1' is not a valid Kubernetes label value (Kueue queue name): at most 63 of letters, digits, '-', '_', '.', starting and ending alphanumeric</source>
            <translation>queue '%1' is not a valid Kubernetes label value (Kueue queue name): at most 63 of letters, digits, '-', '_', '.', starting and ending alphanumeric</translation>
        </message>
        <message>
            <source>/dev/shm size '%1' is not a Kubernetes quantity (e.g. 64Gi)</source>
            <translation>/dev/shm size '%1' is not a Kubernetes quantity (e.g. 64Gi)</translation>
        </message>
        <message>
            <source>mount path '%1' must be an absolute path without spaces, ':' or control characters</source>
            <translation>mount path '%1' must be an absolute path without spaces, ':' or control characters</translation>
        </message>
        <message>
            <source>mount path %1 is used by TrainDeck itself</source>
            <translation>mount path %1 is used by TrainDeck itself</translation>
        </message>
        <message>
            <source>secret key '%1' is not valid: use letters, digits, '-', '_', '.'</source>
            <translation>secret key '%1' is not valid: use letters, digits, '-', '_', '.'</translation>
        </message>
        <message>
            <source>PAI-DLC priority %1 must be from 1 to 9</source>
            <translation>PAI-DLC priority %1 must be from 1 to 9</translation>
        </message>
        <message>
            <source>PAI-DLC resource id '%1' is not an id</source>
            <translation>PAI-DLC resource id '%1' is not an id</translation>
        </message>
        <message>
            <source>SLURM %1 '%2' may only hold letters, digits, '-', '_', '.' and ':'</source>
            <translation>SLURM %1 '%2' may only hold letters, digits, '-', '_', '.' and ':'</translation>
        </message>
        <message>
            <source>command template: unknown placeholder {%1} (known: %2)</source>
            <translation>command template: unknown placeholder {%1} (known: %2)</translation>
        </message>
        <message>
            <source>host '%1' is not a host name or address, [user@]host[:port]</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>environment variable %1 looks like a secret and would be written in plain text: pass it by reference with --secret-env %1=SECRET:KEY</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the job needs a name (%1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>optimizer offload needs ZeRO stage 1 or more (%1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>needs the ECS instance type of a node (%1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>needs the PAI workspace of the job (%1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>needs one host per node (%1), node 0 first: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>PAI-DLC needs the ECS instance type of a node (%1), e.g. %2 (got '%3')</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>PAI-DLC needs the ID of the workspace the job runs in (%1), e.g. %2 (got '%3')</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>SSH needs one host per node, node 0 first: %1 gave %2 for %3 nodes</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>PAI-DLC jobs cannot take %1 (%2): CreateJob has no reference to a secret store, and a value in the job is plain text; set it in the PAI workspace instead</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>PAI-DLC takes either an ECS instance type (%1, pay-as-you-go) or a resource quota (%2), not both</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 per-gpu needs your command in %2: traindeck-trainer starts its own process per GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the plan shards with FSDP (%1 %2), which DeepSpeed does not run: use the accelerate config, or a ZeRO stage (%3) instead of FSDP</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the command names {checkpoint_dir}, but %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>dlc submit --envs cannot carry a checkpoint folder with a comma: '%1'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the model '%1' is not one of traindeck-trainer's presets (tiny, base, large): set %2 to the command that trains it, or choose a preset</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>GenerateNotes</name>
        <message>
            <source>MASTER_ADDR is %1: the HostName of the ssh alias %2 in the ssh configuration</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>MASTER_ADDR is %1: node 0 (%2) without its ssh user and port</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>PAI-DLC in resource quota %1: only pai-create-job.json (CreateJob, each node asking %2 GPUs of the quota); dlc submit has no form for it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>PAI-DLC: pai-submit.sh (dlc submit) cannot carry %1: only pai-create-job.json restarts the job (AIMaster, up to %2 times)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>some nodes use another ssh port: pdsh and DeepSpeed read it from %1 (PDSH_SSH_ARGS_APPEND="-F %1"), launch-ssh.sh by itself</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>checkpoints every %1 steps go to %2, on volume claim %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>checkpoints go to %1, which is on no mounted volume claim: they are lost with the pod (mount one with %2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>checkpoints every %1 steps go to %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>this job writes no checkpoints: no volume claim is mounted (%1 CLAIM:/PATH) and a pod's own disk goes with the pod; mount one, or set %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>checkpoints every %1 steps go to %2, in the folder the job was submitted from, which every node shares</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>this job writes no checkpoints: a PAI-DLC node's disk goes with the job; mount OSS or NAS into the job and set %1 to a path on it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>this job writes no checkpoints: set %1 to a folder on the nodes (shared by them, to resume after a node is replaced)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: %2</source>
            <translation type="unfinished">%1: %2</translation>
        </message>
        <message>
            <source>this job writes no checkpoints: a SkyPilot node's disk goes with the cluster; mount a bucket (file_mounts) and set %1 to a path on it</source>
            <translation>this job writes no checkpoints: a SkyPilot node's disk goes with the cluster; mount a bucket (file_mounts) and set %1 to a path on it</translation>
        </message>
    </context>
    <context>
        <name>Launch</name>
        <message>
            <source>--local runs one node on this machine, but the plan has %1 nodes</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the plan has %1 nodes but %2 hosts were given (one per node, node 0 first)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>host '%1' is not a host name or address, [user@]host[:port]</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>cannot make the run folder %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>connected and authenticated</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>cannot copy the run's files to %1 on %2: %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the pre-flight checks could not run on %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>node %1 (%2): nvidia-smi not found, so its GPUs cannot be checked against the plan's %3 per node</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>node %1 (%2) has %3 GPUs but the plan runs %4 per node: change the plan's GPUs per node or use another host</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 GPUs, as the plan says</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 found</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>node %1 (%2): %3 is not on the PATH of a non-interactive shell: install it or name it by its full path</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>port %1 is free</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the node's files are in %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>node %1 (%2): the node's files are missing from %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>node %1 (%2): %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>connecting</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>checking</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>starting</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>running</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>stopping</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>exited</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>lost</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>node %1 (%2): %3 cannot be made: the folder above it is not writable</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>node %1 (%2) %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: %2</source>
            <translation type="unfinished">%1: %2</translation>
        </message>
        <message>
            <source>node %1 (%2): %3 (reported by rank %4 on node %5)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>ended without an exit status (killed)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>killed (SIG%1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>exited with status %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 GPUs; the plan uses %2 of them: CUDA_VISIBLE_DEVICES=%3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the plan has errors, nothing was started: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>node %1 has no host: %2 lists one host per node, node 0 first</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>not started</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>traindeck launch submits to Slurm only (--platform slurm); for this platform use 'traindeck generate'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 holds no submitted job (no job.json)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: not a job record: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>nothing submitted: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1's job was submitted to %2, not %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>cannot open the run folder %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>job.json not written (--attach will not find job %1): %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1; first failure: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>exited %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Every node passed the checks: ready to start.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The run completed: every node exited 0.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The run was stopped; every node has ended.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Node %1 failed first: %2. Every other node was stopped.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Nothing was started: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Nothing was started. Node %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>completed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>interrupted</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>failed: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>submitted job %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>attached to job %1 of run folder %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>stopping before the job was submitted</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>stopping job %1: SIGTERM to its tasks, scancel after %2 s; waiting until Slurm says it ended</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>job %1 completed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>checked against the cluster; nothing submitted, the files are in %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>job %1 was stopped</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>job %1 failed: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>stopped (SIG%1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>stopped</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>ok   %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>FAIL %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>node %1 (%2) has %3 GPUs, so it has no GPU %4 of the plan's CUDA_VISIBLE_DEVICES=%5 (%6)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>node %1 (%2) has %3 GPUs but the plan runs %4 per node: choose %4 of them with CUDA_VISIBLE_DEVICES (%6 %5), change the plan's GPUs per node, or use another host</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>node 0 (%1): the master port %2 is in use: choose another (%3) or stop what holds it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 can be made (nothing was copied: %2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>pre-flight passed, nothing started or copied (%1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 is set but %2 never uses it, so a stop would save nothing there: pass it to your program as {checkpoint_dir} (e.g. --output-dir {checkpoint_dir}) or read $TRAINDECK_CHECKPOINT_DIR in the command; nothing was started</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1; checkpoint written: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1; checkpoint of step %2 written</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1; no checkpoint was reported</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>check failed</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>LaunchCommand</name>
        <message>
            <source>Starts every node of a plan over SSH (or the one node of a 1xN plan here), after checking each node; prints each node's lines prefixed by its index; stops all nodes together when one fails or on Ctrl-C (a second Ctrl-C kills).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>give the hosts (--hosts H1,H2,..., one per node, or the plan's launch.hosts) or --local</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>node %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>run folder %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>stopping every node (again to kill)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>node %1 %2: %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 needs a number from %2 to %3, got '%4'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Stopping: SIGTERM to every process the node started, SIGKILL after --grace; the same when the launcher's connection drops, goes silent (SSH keepalive, --keepalive) or the launcher is killed. A second Ctrl-C ends the launcher at once. Each node's files are removed from it when its part ends (--dry-run writes nothing there).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>--command is a template run by each node's bash: plan values ({nodes}, {lr}, ...) are inserted quoted, as data; anything else, $(...) and $VAR included, is the node shell's to expand, on the node.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: removed %2 run folders left by earlier launches (%3 in use kept)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: not cleaned: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>run folder %1 (attempt %2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Usage: traindeck launch [PLAN.yaml] (--hosts H1,H2,... | --local | --platform slurm) [OPTIONS]
       traindeck launch --attach RUN_FOLDER</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>job %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no scheduler named '%1'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>left at once; job %1 may still run: scancel %1 cancels it, traindeck launch --attach %2 follows it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>With --platform slurm (or the plan's launch.platform) the plan's Slurm files are written into the run folder and submitted with sbatch (partition, account, QOS, time limit and more #SBATCH lines are plan fields); the job is followed (pending and why, running and where, how it ended) and its output copied into the run folder as it grows (traindeck watch RUN shows it live; --follow prints it). Ctrl-C sends SIGTERM to the job's tasks, scancels it after --grace and waits until Slurm says it ended; a second Ctrl-C leaves at once and names the job.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>0 every node succeeded, or the Slurm job completed (or, with --dry-run, passed the checks); 1 the run or the job failed; 2 bad input, nothing submitted; 3 a host key was unknown or changed, or authentication failed (nothing started); 130/143 stopped by SIGINT/SIGTERM.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 (again to leave at once)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>node %1 %2</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>LayoutRows</name>
        <message>
            <source>GPUs</source>
            <translation type="unfinished">GPUs</translation>
        </message>
        <message>
            <source>micro × accum</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>effective batch</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>learning rate</source>
            <translation type="unfinished">learning rate</translation>
        </message>
        <message>
            <source>warmup steps</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>steps per epoch</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>total steps</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>memory per GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>step time</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>  compute</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>  exposed comm</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>steps/s</source>
            <translation type="unfinished">steps/s</translation>
        </message>
        <message>
            <source>samples/s</source>
            <translation type="unfinished">samples/s</translation>
        </message>
        <message>
            <source>time to finish</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>  evaluations</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>  checkpoints</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>GPU-hours</source>
            <translation type="unfinished">GPU-hours</translation>
        </message>
        <message>
            <source>scaling eff.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>cost per hour</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>cost to finish</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>findings</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 samples</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 steps</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 GiB</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 GPU-hours</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 steps/s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 samples/s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 s/step</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 GPUs</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>1 error</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 errors</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>1 warning</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 warnings</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1, %2</source>
            <translation type="unfinished">%1: %2 {1,?}</translation>
        </message>
        <message>
            <source>No problems</source>
            <translation type="unfinished">No problems</translation>
        </message>
        <message>
            <source>%1: more GPUs per node than a node has</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 × %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1/%2 GiB</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 ±%2%</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>  expected error</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>ends if run now</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 ms</source>
            <translation type="unfinished">%1 ms</translation>
        </message>
        <message>
            <source>%1 ms/step</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>MetricNames</name>
        <message>
            <source>loss</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>PSNR</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>learning rate</source>
            <translation type="unfinished">learning rate</translation>
        </message>
        <message>
            <source>gradient norm</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>step time</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>communication time</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>host time</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>samples/s</source>
            <translation type="unfinished">samples/s</translation>
        </message>
        <message>
            <source>steps/s</source>
            <translation type="unfinished">steps/s</translation>
        </message>
        <message>
            <source>tokens/s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>GPU memory</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>evaluation loss</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>evaluation PSNR</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>epoch</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>samples seen</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>ModelMessages</name>
        <message>
            <source>the architecture's %1 must be a positive size, got %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 attention heads cannot be shared by %2 key/value heads</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>a mixture of %1 experts needs 1 to %1 experts per token, got %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the image size %1 is not a multiple of the patch size %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>not a config.json: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the config has no model_type (known: %1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>unknown model_type '%1' (known: %2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the config's %1 has the wrong type</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>cannot read %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: %2</source>
            <translation type="unfinished">%1: %2</translation>
        </message>
        <message>
            <source>expected a model type and sizes, like 'llama hidden=4096 layers=32 ...'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>unknown model type '%1' (known: %2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>expected convolutions as in:out:kernel:scale, got '%1'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>unknown or malformed architecture item '%1'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>latent attention needs a rotary part smaller than the head (%1 of %2) and a value head, got %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>model_type '%1' is not a family TrainDeck knows; read as a Llama-like decoder: rotary attention, two RMSNorms per block, a gated MLP of intermediate_size%2, biases only where attention_bias or mlp_bias says, embeddings tied only where tie_word_embeddings says</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>unknown model_type '%1' whose architectures name no causal language model (known: %2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>unknown model_type '%1' without the keys of a decoder (%2 missing; known: %3)</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Placeholders</name>
        <message>
            <source>node count</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>GPUs (processes) per node</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>processes per node (= GPUs per node)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>processes in the whole job</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>accelerate's num_processes: the whole job's</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>samples per GPU per micro-step</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>gradient accumulation steps</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>micro × accumulation × world</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>peak learning rate after scaling</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>warmup steps</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>optimizer steps in the run</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>DeepSpeed ZeRO stage</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>bf16, fp16 or fp32</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>collective timeout, seconds</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the job's name</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>this node's index (on the node)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>node 0's address (on the node)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>rendezvous port (on the node; PAI may choose its own)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>directory of the entrypoint and configs (on the node)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>path of the generated accelerate config</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>path of the generated DeepSpeed config</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>accelerate launch's config, machine rank and main process address/port</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>torchrun's node count, processes per node, node rank and master</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>steps between checkpoints (0: none)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the checkpoint folder this platform keeps (on the node)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>steps between evaluations (0: none)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>held-out samples one evaluation reads</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>PlanArguments</name>
        <message>
            <source>only one plan file may be given (got '%1' and '%2')</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 needs a value</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>--env needs NAME=VALUE</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>--env needs NAME=VALUE, got '%1'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 takes no value</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>unknown option '%1' (see --help)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: %2</source>
            <translation type="unfinished">%1: %2</translation>
        </message>
        <message>
            <source>Plan fields (override the file; booleans also as --no-FLAG):</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 (%2): %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>extra environment for every node (repeatable)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 (%2): %3 One of: %4.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the model from a Hugging Face config.json (llama, qwen2, mistral, mixtral, gpt2, vit)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>a model of the catalogue: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the model from a Hugging Face config.json (%1; another decoder is read as Llama-like, with a warning)</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>PlanCommand</name>
        <message>
            <source>info</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>warning</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>error</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Plan '%1': %2 (%3M parameters) on %4, %5 between nodes.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Calibrated on %1 measured point(s): MFU %2, overlap %3, latency %4 per collective (%5 fitted, the rest as assumed).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Assumed MFU %1; calibrate with %2 for measured figures.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>layout</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 (plan)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>No findings.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Findings:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>  %1:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>    fix:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Usage: traindeck plan [PLAN.yaml] [OPTIONS]</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Prints a plan's derived figures for each layout side by side, and its findings. Without PLAN.yaml the built-in demo plan is used; flags override the file. Texts follow the locale (LANG, LC_ALL, LANGUAGE) or --lang en|zh_CN.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>to fit: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>micro-batch %1 × accumulation %2, %3 per step</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 %2 on %3: %4</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>… and %1 more (--json lists them)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>warning: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 cannot calibrate this plan: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Cannot run, so no figures: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 — %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Step time on %1: %2.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>1: an error finding, or a deadline or budget no layout meets (once one is met, errors of the plan's own layout do not count: the choice replaces it); 2: also a goal that cannot be answered: a deadline that cannot be read or has passed, a budget of zero, a cloud, region, GPU or spot price the catalogue lacks, or prices only in another currency.</source>
            <translation type="unfinished">1: an error finding, or a deadline or budget no layout meets (once one is met, errors of the plan's own layout do not count: the choice replaces it); 2: also a goal that cannot be answered: a deadline that cannot be read or has passed, a budget of zero, a cloud, region, GPU or spot price the catalogue lacks, or prices only in another currency.</translation>
        </message>
        <message>
            <source>--budget %1: a budget must be above zero (leave --budget out for none)</source>
            <translation type="unfinished">--budget %1: a budget must be above zero (leave --budget out for none)</translation>
        </message>
    </context>
    <context>
        <name>PlanFiles</name>
        <message>
            <source>end of map not found</source>
            <translation>end of map not found</translation>
        </message>
        <message>
            <source>end of map flow not found</source>
            <translation>end of map flow not found</translation>
        </message>
        <message>
            <source>end of sequence not found</source>
            <translation>end of sequence not found</translation>
        </message>
        <message>
            <source>end of sequence flow not found</source>
            <translation>end of sequence flow not found</translation>
        </message>
        <message>
            <source>illegal map value</source>
            <translation>illegal map value</translation>
        </message>
        <message>
            <source>illegal map key</source>
            <translation>illegal map key</translation>
        </message>
        <message>
            <source>illegal block entry</source>
            <translation>illegal block entry</translation>
        </message>
        <message>
            <source>illegal flow end</source>
            <translation>illegal flow end</translation>
        </message>
        <message>
            <source>illegal EOF in scalar</source>
            <translation>illegal EOF in scalar</translation>
        </message>
        <message>
            <source>illegal character in scalar</source>
            <translation>illegal character in scalar</translation>
        </message>
        <message>
            <source>illegal document indicator in scalar</source>
            <translation>illegal document indicator in scalar</translation>
        </message>
        <message>
            <source>illegal tab when looking for indentation</source>
            <translation>illegal tab when looking for indentation</translation>
        </message>
        <message>
            <source>unknown token</source>
            <translation>unknown token</translation>
        </message>
        <message>
            <source>unknown escape character: %1</source>
            <translation>unknown escape character: %1</translation>
        </message>
        <message>
            <source>invalid unicode: %1</source>
            <translation>invalid unicode: %1</translation>
        </message>
        <message>
            <source>bad character found while scanning hex number</source>
            <translation>bad character found while scanning hex number</translation>
        </message>
        <message>
            <source>the referenced anchor is not defined</source>
            <translation>the referenced anchor is not defined</translation>
        </message>
        <message>
            <source>alias not found after *</source>
            <translation>alias not found after *</translation>
        </message>
        <message>
            <source>anchor not found after &amp;</source>
            <translation>anchor not found after &amp;</translation>
        </message>
        <message>
            <source>illegal character found while scanning alias</source>
            <translation>illegal character found while scanning alias</translation>
        </message>
        <message>
            <source>illegal character found while scanning anchor</source>
            <translation>illegal character found while scanning anchor</translation>
        </message>
        <message>
            <source>cannot assign multiple tags to the same node</source>
            <translation>cannot assign multiple tags to the same node</translation>
        </message>
        <message>
            <source>cannot assign multiple anchors to the same node</source>
            <translation>cannot assign multiple anchors to the same node</translation>
        </message>
        <message>
            <source>cannot assign multiple aliases to the same node</source>
            <translation>cannot assign multiple aliases to the same node</translation>
        </message>
        <message>
            <source>aliases can't have any content, *including* tags</source>
            <translation>aliases can't have any content, *including* tags</translation>
        </message>
        <message>
            <source>unexpected character in block scalar</source>
            <translation>unexpected character in block scalar</translation>
        </message>
        <message>
            <source>cannot set zero indentation for a block scalar</source>
            <translation>cannot set zero indentation for a block scalar</translation>
        </message>
        <message>
            <source>invalid character in tag handle</source>
            <translation>invalid character in tag handle</translation>
        </message>
        <message>
            <source>tag handle with no suffix</source>
            <translation>tag handle with no suffix</translation>
        </message>
        <message>
            <source>end of verbatim tag not found</source>
            <translation>end of verbatim tag not found</translation>
        </message>
        <message>
            <source>invalid tag</source>
            <translation>invalid tag</translation>
        </message>
        <message>
            <source>invalid anchor</source>
            <translation>invalid anchor</translation>
        </message>
        <message>
            <source>invalid alias</source>
            <translation>invalid alias</translation>
        </message>
        <message>
            <source>invalid node</source>
            <translation>invalid node</translation>
        </message>
        <message>
            <source>bad conversion</source>
            <translation>bad conversion</translation>
        </message>
        <message>
            <source>YAML directives must have exactly one argument</source>
            <translation>YAML directives must have exactly one argument</translation>
        </message>
        <message>
            <source>bad YAML version: %1</source>
            <translation>bad YAML version: %1</translation>
        </message>
        <message>
            <source>YAML major version too large</source>
            <translation>YAML major version too large</translation>
        </message>
        <message>
            <source>repeated YAML directive</source>
            <translation>repeated YAML directive</translation>
        </message>
        <message>
            <source>TAG directives must have exactly two arguments</source>
            <translation>TAG directives must have exactly two arguments</translation>
        </message>
        <message>
            <source>repeated TAG directive</source>
            <translation>repeated TAG directive</translation>
        </message>
        <message>
            <source>%1:%2: key '%3': %4</source>
            <translation>%1:%2: key '%3': %4</translation>
        </message>
        <message>
            <source>%1:%2: not valid YAML: %3</source>
            <translation>%1:%2: not valid YAML: %3</translation>
        </message>
        <message>
            <source>%1:%2: %3</source>
            <translation>%1:%2: %3</translation>
        </message>
        <message>
            <source>%1: cannot open: %2</source>
            <translation>%1: cannot open: %2</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1: %2</translation>
        </message>
    </context>
    <context>
        <name>PricesCommand</name>
        <message>
            <source>Usage: traindeck prices [OPTIONS]</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>cloud</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>region</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>GPU</source>
            <translation type="unfinished">GPU</translation>
        </message>
        <message>
            <source>on-demand</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>spot</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>read</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>instance</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Per GPU-hour. Prices change: each row's source, date and note are in --json; your own rows go in %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>unknown option %1 (see traindeck prices --help)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 needs a value (see traindeck prices --help)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 rows of %2 (%3 regions) written to %4, dated %5; %6 instances of GPUs the planner does not model left out.</source>
            <translation type="unfinished">%1 rows of %2 (%3 regions) written to %4, dated %5; %6 instances of GPUs the planner does not model left out.</translation>
        </message>
        <message>
            <source>%1: no instance of a GPU the planner models (%2 GPU instances read, such as %3): nothing written</source>
            <translation type="unfinished">%1: no instance of a GPU the planner models (%2 GPU instances read, such as %3): nothing written</translation>
        </message>
        <message>
            <source>%1: which cloud are these prices of? The path does not say (SkyPilot's is catalogs/vN/CLOUD/vms.csv): add --cloud NAME</source>
            <translation type="unfinished">%1: which cloud are these prices of? The path does not say (SkyPilot's is catalogs/vN/CLOUD/vms.csv): add --cloud NAME</translation>
        </message>
        <message>
            <source>%1: cannot be read</source>
            <translation type="unfinished">%1: cannot be read</translation>
        </message>
        <message>
            <source>Lists the GPU prices `traindeck plan` prices layouts with: per cloud, region, GPU type and instance, on-demand and spot per GPU-hour, each with the page it was read from and when. Prices change: your own rows in %1 (the format of resources/prices.yaml) replace or add to the shipped ones, and a plan's --price-per-gpu-hour wins over both. --refresh FILE merges a catalogue you downloaded (SkyPilot's catalogs/vN/CLOUD/vms.csv from github.com/skypilot-org/skypilot-catalog, or a CSV with its columns) into that file.</source>
            <translation type="unfinished">Lists the GPU prices `traindeck plan` prices layouts with: per cloud, region, GPU type and instance, on-demand and spot per GPU-hour, each with the page it was read from and when. Prices change: your own rows in %1 (the format of resources/prices.yaml) replace or add to the shipped ones, and a plan's --price-per-gpu-hour wins over both. --refresh FILE merges a catalogue you downloaded (SkyPilot's catalogs/vN/CLOUD/vms.csv from github.com/skypilot-org/skypilot-catalog, or a CSV with its columns) into that file.</translation>
        </message>
    </context>
    <context>
        <name>RunCalibration</name>
        <message>
            <source>No shown run has a measured samples/s and the layout it ran on (the trainer's start event).</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Scheduler</name>
        <message>
            <source>pending</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>running</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>completed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>failed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>cancelled</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no longer known to the scheduler</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>pending (%1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>running on %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1, exit code 0</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1, ended by signal %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1, exit code %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 is not on PATH: run traindeck where Slurm's commands are (a login node), or install Slurm's client</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the Slurm controller does not answer (sinfo: %1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the cluster has no default partition: name one (%1; the cluster has: %2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>partition '%1' does not exist (the cluster has: %2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the plan asks %1 GPUs per node, but partition '%2''s nodes have at most %3 (sinfo)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the plan asks %1 nodes, but partition '%2' has %3 (sinfo)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Slurm account '%1' does not exist (sacctmgr)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>sbatch refused the job: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the Slurm controller does not answer (scontrol: %1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>scancel: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>node %1, task %2: %3</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Ssh</name>
        <message>
            <source>'%1' is not [user@]host[:port]</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>libssh could not make a session</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>cannot connect to %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no answer within %1 s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the connection to %1 was lost: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no answer from %1 for %2 s (SSH keepalive every %3 s): the host, its sshd or the network is not responding</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 sent no host key</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>THE HOST KEY OF %1 HAS CHANGED: known_hosts has %2, the server sent %3 (%4). Someone may be intercepting the connection, or the host was reinstalled: check with its administrator, then remove the old key (ssh-keygen -R). Nothing was started.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the host key of %1 is unknown (%2 %3): accept it with --accept-new-host-keys after checking the fingerprint</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>cannot record the host key of %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>cannot check the host key of %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>cannot read the identity file %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>authentication on %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>authentication as %1 on %2 failed: the server accepted none of the keys tried (--identity, the agent, the ssh configuration's)</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>StepMemory</name>
        <message>
            <source>fp32 weights: 4 bytes per parameter</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>fp32 weights, sharded (FSDP): 4 bytes per parameter before sharding; the 16-bit copies are gathered a block at a time</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>16-bit weights: 2 bytes per parameter. DeepSpeed keeps their fp32 master copy in the optimizer state (12 bytes per parameter with AdamW's two moments)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>fp32 weights: 4 bytes per parameter. PyTorch AMP keeps the weights in fp32 and casts them per layer; from ZeRO 1 on, DeepSpeed keeps 16-bit weights and moves the fp32 copy into the optimizer state</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>SystemErrors</name>
        <message>
            <source>No such file or directory</source>
            <translation type="unfinished">No such file or directory</translation>
        </message>
        <message>
            <source>Permission denied</source>
            <translation type="unfinished">Permission denied</translation>
        </message>
        <message>
            <source>Operation not permitted</source>
            <translation type="unfinished">Operation not permitted</translation>
        </message>
        <message>
            <source>Is a directory</source>
            <translation type="unfinished">Is a directory</translation>
        </message>
        <message>
            <source>Not a directory</source>
            <translation type="unfinished">Not a directory</translation>
        </message>
        <message>
            <source>Read-only file system</source>
            <translation type="unfinished">Read-only file system</translation>
        </message>
        <message>
            <source>No space left on device</source>
            <translation type="unfinished">No space left on device</translation>
        </message>
        <message>
            <source>Disk quota exceeded</source>
            <translation type="unfinished">Disk quota exceeded</translation>
        </message>
        <message>
            <source>File name too long</source>
            <translation type="unfinished">File name too long</translation>
        </message>
        <message>
            <source>Too many levels of symbolic links</source>
            <translation type="unfinished">Too many levels of symbolic links</translation>
        </message>
        <message>
            <source>Input/output error</source>
            <translation type="unfinished">Input/output error</translation>
        </message>
        <message>
            <source>Device or resource busy</source>
            <translation type="unfinished">Device or resource busy</translation>
        </message>
        <message>
            <source>Invalid cross-device link</source>
            <translation type="unfinished">Invalid cross-device link</translation>
        </message>
        <message>
            <source>Too many open files</source>
            <translation type="unfinished">Too many open files</translation>
        </message>
        <message>
            <source>File exists</source>
            <translation type="unfinished">File exists</translation>
        </message>
        <message>
            <source>reason unknown</source>
            <translation type="unfinished">reason unknown</translation>
        </message>
    </context>
    <context>
        <name>Targets</name>
        <message>
            <source>Kubernetes Indexed Job</source>
            <translation>Kubernetes Indexed Job</translation>
        </message>
        <message>
            <source>Indexed Job, headless Service and the entrypoint ConfigMap: kubectl apply -f kubernetes.yaml</source>
            <translation>Indexed Job, headless Service and the entrypoint ConfigMap: kubectl apply -f kubernetes.yaml</translation>
        </message>
        <message>
            <source>Kubeflow PyTorchJob</source>
            <translation>Kubeflow PyTorchJob</translation>
        </message>
        <message>
            <source>PyTorchJob (master and workers) and the entrypoint ConfigMap</source>
            <translation>PyTorchJob (master and workers) and the entrypoint ConfigMap</translation>
        </message>
        <message>
            <source>Alibaba Cloud PAI-DLC</source>
            <translation>Alibaba Cloud PAI-DLC</translation>
        </message>
        <message>
            <source>CreateJob request body and the equivalent dlc submit command</source>
            <translation>CreateJob request body and the equivalent dlc submit command</translation>
        </message>
        <message>
            <source>SLURM</source>
            <translation>SLURM</translation>
        </message>
        <message>
            <source>sbatch script, one task per node, with the entrypoint and configs</source>
            <translation>sbatch script, one task per node, with the entrypoint and configs</translation>
        </message>
        <message>
            <source>Bare machines over SSH</source>
            <translation>Bare machines over SSH</translation>
        </message>
        <message>
            <source>hostfile, DeepSpeed hostfile, one script per node and an SSH launcher</source>
            <translation>hostfile, DeepSpeed hostfile, one script per node and an SSH launcher</translation>
        </message>
        <message>
            <source>Hugging Face accelerate config</source>
            <translation>Hugging Face accelerate config</translation>
        </message>
        <message>
            <source>accelerate config YAML with its DeepSpeed settings</source>
            <translation>accelerate config YAML with its DeepSpeed settings</translation>
        </message>
        <message>
            <source>DeepSpeed config</source>
            <translation>DeepSpeed config</translation>
        </message>
        <message>
            <source>DeepSpeed JSON config</source>
            <translation>DeepSpeed JSON config</translation>
        </message>
        <message>
            <source>SkyPilot task</source>
            <translation>SkyPilot task</translation>
        </message>
        <message>
            <source>SkyPilot task YAML with the entrypoint: sky launch skypilot/task.yaml</source>
            <translation>SkyPilot task YAML with the entrypoint: sky launch skypilot/task.yaml</translation>
        </message>
    </context>
    <context>
        <name>Units</name>
        <message>
            <source>Formula:</source>
            <translation>Formula:</translation>
        </message>
        <message>
            <source>With this plan's numbers:</source>
            <translation>With this plan's numbers:</translation>
        </message>
        <message>
            <source>%1 × %2 (%3 GPUs)</source>
            <translation>%1 × %2 (%3 GPUs)</translation>
        </message>
    </context>
    <context>
        <name>Usage</name>
        <message>
            <source>print a plan's derived figures and findings</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>write the launch files of a plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>summarise or follow training runs (metrics, logs, TensorBoard files)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>start a plan's nodes over SSH or here, and stop them together</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Usage: traindeck [COMMAND] [OPTIONS]</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Without a command, opens the TrainDeck window: on the built-in demo plan (--demo), or on a plan file (traindeck PLAN.yaml, or --open PLAN.yaml).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Commands:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Options:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>open the window on the built-in demo plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>open the window on a plan file</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>open the window on its Watch page with a run (metrics file, run folder, TensorBoard logdir, log)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>print the version and the build's features</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the language of the window or a command (default: the locale's, from LANGUAGE, LC_ALL, LC_MESSAGES or LANG; the window's settings win over the locale)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>show this help</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Run 'traindeck COMMAND --help' for a command's options.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>traindeck: no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY names one that answers); on the command line: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>list the GPU prices a plan's cost comes from</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Watch</name>
        <message>
            <source>%1 is not finite at step %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>rank %1 failed at step %2: %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>node %1 is lost: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no new step since step %1 for %2 s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>restarted at step %1: later points replace the earlier ones</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the run ended at step %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the run failed at step %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: no such file or folder</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: no run found (no event files, no run folder, no log)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 cannot be read: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: the length of the record at byte %2 fails its CRC-32C; the rest of the file cannot be read</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: the last record is incomplete (%2 bytes)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: %2 records failed their CRC-32C and were skipped</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>a node is lost: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>node %1 failed its pre-flight check (%2), so the run did not start: %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the run ended before its first step: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the run failed before its first step</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 is not ssh://[user@]host[:port]/path</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: no answer within %2 s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1, trying again in %2 s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the connection to %1 dropped; reconnecting</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>cannot start %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: %2</source>
            <translation type="unfinished">%1: %2</translation>
        </message>
        <message>
            <source>attempt %1 began; the attempt before logged no step</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>attempt %1 began; the attempt before ended before its first step: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>attempt %1 began after step %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>attempt %1 began after step %2 (the attempt before: %3)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 offers no SFTP (its sshd needs a `Subsystem sftp` line)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no answer from %1 for %2 s; reconnecting</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Step time per rank (s) — slowest: rank %1, %2% above the median</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Step time per rank (s) — slowest: rank %1, %2% above the median, since step %3</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>WatchCommand</name>
        <message>
            <source>SOURCE: a trainer's metrics file (JSON lines), a user's training log, a TensorBoard event file, PyTorch Lightning's CSVLogger file (metrics.csv), a logdir of them (every folder of event files or a metrics.csv is a run), or a TrainDeck run folder (node-*.out, launch.jsonl).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>print a line per new step and every alarm as it happens, until the runs end</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>JSON: the summaries (an array), or with --follow one object per line</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>steps</source>
            <translation type="unfinished">steps</translation>
        </message>
        <message>
            <source>%1 of %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1  (best %2 at step %3)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>loss</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>psnr</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>steady samples/s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>steady steps/s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>slowest rank</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>rank %1: %2 ms/step, median of ranks %3 ms (+%4%), slowest since step %5</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>rank %1: %2 ms/step, median of ranks %3 ms (+%4%)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>end</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>none yet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>skipped lines</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>ALARM</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>note</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>read problem</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>ALARM: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>note: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>unknown option %1 (see traindeck watch --help)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>A SOURCE on another machine is ssh://[user@]host[:port]/path (/~/path: under the home), followed over SSH with host keys checked as traindeck launch checks them; the host needs a POSIX shell and GNU coreutils (any Linux). A dropped connection is reopened without losing or repeating a line.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>a command whose output is a run's lines, e.g. 'kubectl logs -f -l job-name=NAME --prefix'; lines prefixed [pod/NAME/...] (kubectl --prefix) or N: (srun --label) are that node's. Without --follow: read until it exits, then summarise</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 (%2 lines)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>nodes</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>rejected values</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 (steps, times or ranks out of range)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 needs a value (see traindeck watch --help)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>name at least one SOURCE or --follow-command (see traindeck watch --help)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no end recorded</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>restart</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>attempt %1, before any step (the attempt before: %2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>attempt %1, after step %2 (the attempt before: %3)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>problems now</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>none</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Usage: traindeck watch [SOURCE...] [--follow-command COMMAND] [--follow] [--json] [--csv FILE] [SSH OPTIONS]</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>also write every series read to FILE as CSV (run, metric, rank, step, wall_time, value), at the end: once read, or with --follow when the runs end or on Ctrl-C</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>1 an alarm fired (non-finite loss, error event, lost node, failed pre-flight, failed end); 2 bad input (no such file, no run found, a host unreachable or its key refused) or the CSV file cannot be written; 130 --follow stopped by Ctrl-C.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>running (no end event yet)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>status</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>completed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>failed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>interrupted</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Workload</name>
        <message>
            <source>micro-batch %1 × accumulation %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>micro-batch %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 tokens</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>full checkpointing</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>selective checkpointing</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no checkpointing</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>FSDP %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>ZeRO-%1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no sharding</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 parameters</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1, %2</source>
            <translation type="unfinished">%1, %2</translation>
        </message>
    </context>
    <context>
        <name>WriteFiles</name>
        <message>
            <source>%1 exists; nothing written (use --force to overwrite)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>cannot create %1: %2</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::CalibrationPanel</name>
        <message>
            <source>%1 µs</source>
            <translation>%1 µs</translation>
        </message>
        <message>
            <source>%1 ms</source>
            <translation>%1 ms</translation>
        </message>
        <message>
            <source>A run's metrics</source>
            <translation>A run's metrics</translation>
        </message>
        <message>
            <source>Trainer metrics (*.jsonl *.json *.out *.log);;All files (*)</source>
            <translation>Trainer metrics (*.jsonl *.json *.out *.log);;All files (*)</translation>
        </message>
        <message numerus="yes">
            <source>From the run: %1 samples/s on %2, the median of %n step(s) (%3 to %4).</source>
            <translation>
                <numerusform>From the run: %1 samples/s on %2, the median of %n step (%3 to %4).</numerusform>
                <numerusform>From the run: %1 samples/s on %2, the median of %n steps (%3 to %4).</numerusform>
            </translation>
        </message>
        <message>
            <source>%1: %2 %3</source>
            <translation>%1: %2 %3</translation>
        </message>
        <message numerus="yes">
            <source>Fitted to %n measurement(s): efficiency (MFU) %1, overlap of communication %2, latency %3 per collective; every layout is re-predicted with them.</source>
            <translation>
                <numerusform>Fitted to %n measurement: efficiency (MFU) %1, overlap of communication %2, latency %3 per collective; every layout is re-predicted with them.</numerusform>
                <numerusform>Fitted to %n measurements: efficiency (MFU) %1, overlap of communication %2, latency %3 per collective; every layout is re-predicted with them.</numerusform>
            </translation>
        </message>
        <message>
            <source>Measured a run? Enter its speed on one or more layouts, or read it from the run's metrics; the other layouts are predicted from them. Two layouts (1 and 2 GPUs) also fit what communication costs.</source>
            <translation>Measured a run? Enter its speed on one or more layouts, or read it from the run's metrics; the other layouts are predicted from them. Two layouts (1 and 2 GPUs) also fit what communication costs.</translation>
        </message>
        <message>
            <source>Add measurement</source>
            <translation>Add measurement</translation>
        </message>
        <message>
            <source>From a run…</source>
            <translation>From a run…</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>Remove</translation>
        </message>
        <message>
            <source>Clear all</source>
            <translation>Clear all</translation>
        </message>
        <message>
            <source>Measurements</source>
            <translation>Measurements</translation>
        </message>
        <message>
            <source>No measurement entered: the figures use the assumed efficiency (MFU %1).</source>
            <translation>No measurement entered: the figures use the assumed efficiency (MFU %1).</translation>
        </message>
        <message>
            <source>Calibration</source>
            <translation>Calibration</translation>
        </message>
        <message>
            <source>Measured on:</source>
            <translation>Measured on:</translation>
        </message>
        <message>
            <source>Speed:</source>
            <translation>Speed:</translation>
        </message>
        <message>
            <source>steps/s</source>
            <translation>steps/s</translation>
        </message>
        <message>
            <source>samples/s</source>
            <translation>samples/s</translation>
        </message>
        <message>
            <source>s/step</source>
            <translation>s/step</translation>
        </message>
        <message>
            <source>Unit</source>
            <translation>Unit</translation>
        </message>
        <message>
            <source>Not added: %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: %2 %3 at %4</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Step time on %1: %2.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::CardViewBar</name>
        <message>
            <source>Smoothing</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Log scale</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Ignore outliers</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>x axis</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Step</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Relative time (h)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Wall time</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Follow the live edge</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::CostPanel</name>
        <message>
            <source>Cost</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 ±%2%</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Layout</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Per hour</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Time to finish</source>
            <translation type="unfinished">Time to finish</translation>
        </message>
        <message>
            <source>Cost to finish</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>To fit: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 %2 on %3: %4</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>… and %1 more</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>★ the fastest layout within the budget (below)</source>
            <translation type="unfinished">★ the fastest layout within the budget (below)</translation>
        </message>
        <message>
            <source>★ the cheapest layout that meets the deadline (below)</source>
            <translation type="unfinished">★ the cheapest layout that meets the deadline (below)</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::CostPlot</name>
        <message>
            <source>Cost against time to finish</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Time to finish (h)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Cost to finish</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Cost to finish (%1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>No layout can run at a known price.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>chosen</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>chosen: %1, %2, %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>deadline %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>budget %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Export the plot as PNG…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Export the plot as SVG…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>PNG images (*.png)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>SVG images (*.svg)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Export</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 could not be written.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::FieldForm</name>
        <message>
            <source>%1 (%2)</source>
            <comment>a field's label and its currency</comment>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 decides it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 decides it: %2 on %3.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::FieldsPage</name>
        <message>
            <source>Next is unavailable until this is fixed: %1</source>
            <translation>Next is unavailable until this is fixed: %1</translation>
        </message>
        <message>
            <source>Model</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>A model from the catalogue, its Hugging Face config.json, a trainer preset or your own numbers.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Data</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>What one sample is, how the activations are kept, and how many samples there are.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::FileSaver</name>
        <message>
            <source>Save the generated files to</source>
            <translation>Save the generated files to</translation>
        </message>
        <message>
            <source>Replace existing files?</source>
            <translation>Replace existing files?</translation>
        </message>
        <message>
            <source>%1 of the %2 files already exist in %3. Replace them?</source>
            <translation>%1 of the %2 files already exist in %3. Replace them?</translation>
        </message>
        <message>
            <source>Nothing saved.</source>
            <translation>Nothing saved.</translation>
        </message>
        <message>
            <source>Saving files…</source>
            <translation>Saving files…</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Cancel</translation>
        </message>
        <message>
            <source>Save files</source>
            <translation>Save files</translation>
        </message>
        <message>
            <source>Saved %1 files to %2.</source>
            <translation>Saved %1 files to %2.</translation>
        </message>
        <message>
            <source>Cancelled after %1 of %2 files.</source>
            <translation>Cancelled after %1 of %2 files.</translation>
        </message>
        <message>
            <source>Cannot create the folder for %1.</source>
            <translation>Cannot create the folder for %1.</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::FindingView</name>
        <message>
            <source>Error</source>
            <translation>Error</translation>
        </message>
        <message>
            <source>Warning</source>
            <translation>Warning</translation>
        </message>
        <message>
            <source>Note</source>
            <translation>Note</translation>
        </message>
        <message>
            <source>Apply fix</source>
            <translation>Apply fix</translation>
        </message>
        <message>
            <source>Fix: %1</source>
            <translation>Fix: %1</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::FindingsList</name>
        <message>
            <source>No problems found.</source>
            <translation>No problems found.</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::GeneratedFilesPage</name>
        <message>
            <source>The plan is not complete: %1</source>
            <translation>The plan is not complete: %1</translation>
        </message>
        <message>
            <source>Not generated until the options are given: %1</source>
            <translation>Not generated until the options are given: %1</translation>
        </message>
        <message>
            <source>Tick one or more targets to see their files.</source>
            <translation>Tick one or more targets to see their files.</translation>
        </message>
        <message>
            <source>Copied %1 to the clipboard.</source>
            <translation>Copied %1 to the clipboard.</translation>
        </message>
        <message>
            <source>This build of TrainDeck has no generators: the launch files cannot be shown.</source>
            <translation>This build of TrainDeck has no generators: the launch files cannot be shown.</translation>
        </message>
        <message>
            <source>Targets</source>
            <translation>Targets</translation>
        </message>
        <message>
            <source>Files:</source>
            <translation>Files:</translation>
        </message>
        <message>
            <source>Copy file to clipboard</source>
            <translation>Copy file to clipboard</translation>
        </message>
        <message>
            <source>Save all to folder…</source>
            <translation>Save all to folder…</translation>
        </message>
        <message>
            <source>The plan has errors (see the Layouts tab): these files would not run as planned.</source>
            <translation>The plan has errors (see the Layouts tab): these files would not run as planned.</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <comment>a target and what it needs</comment>
            <translation>%1: %2</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <comment>targets and why they have no files</comment>
            <translation>%1: %2</translation>
        </message>
        <message>
            <source>, </source>
            <comment>between the names of targets</comment>
            <translation>, </translation>
        </message>
        <message>
            <source>Note: %1</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::HostKeyDialog</name>
        <message>
            <source>Unknown host key</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Node %1 (%2) is not in known_hosts.

Its %3 key's fingerprint is
%4

Trust this key and record it? Compare the fingerprint with the one the host's administrator gives you (ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Trust and record</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Refuse</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::LaunchForm</name>
        <message>
            <source>Run the single node on this machine</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Run folder</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>default: ~/.local/share/TrainDeck/runs/RUN_ID</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Folder on each host</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>default: ~/.traindeck/runs (the run's files go to FOLDER/RUN_ID)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Identity file</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>default: the agent, then ~/.ssh/config's</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>known_hosts</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>ssh configuration</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::LaunchLog</name>
        <message>
            <source>Log</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Find in the log (Enter: next)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Follow</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>All nodes</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Node %1</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::LaunchNodesModel</name>
        <message>
            <source>Node</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Host ([user@]host[:port] or ssh alias)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>State</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Step</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Exit status or reason</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::LaunchPage</name>
        <message>
            <source>Killing every node…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Run folder: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Checking the nodes…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Starting the nodes…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Stopping every node (SIGTERM; SIGKILL after %1 s, or at a second Stop)…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Every node is running; Stop ends them all (the trainer checkpoints on SIGTERM).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Kill now</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Stop</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Starts the plan's nodes: each node runs the generated SSH node script, after checks on every node (reachable, GPUs per node, the workload, node 0's port, the files). Each node's output is kept whole in the run folder. When one node fails, every other node is stopped.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Check nodes</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Runs the pre-flight checks on every node; starts nothing</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Start</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Watch this run</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Kill</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>SIGKILL to every node's processes at once: no checkpoint</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Open run folder</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Every node's whole output, the plan and the events (launch.jsonl)</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::LayoutColumn</name>
        <message>
            <source>Remove layout %1</source>
            <translation>Remove layout %1</translation>
        </message>
        <message>
            <source>this plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>cannot run</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::LayoutsPage</name>
        <message>
            <source>Findings</source>
            <translation>Findings</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::MainWindow</name>
        <message>
            <source>Add layout %1</source>
            <translation>Add layout %1</translation>
        </message>
        <message>
            <source>Remove layout %1</source>
            <translation>Remove layout %1</translation>
        </message>
        <message>
            <source>Calibrate</source>
            <translation>Calibrate</translation>
        </message>
        <message>
            <source>Clear calibration</source>
            <translation>Clear calibration</translation>
        </message>
        <message>
            <source>Layouts</source>
            <translation>Layouts</translation>
        </message>
        <message>
            <source>Plots and calibration</source>
            <translation>Plots and calibration</translation>
        </message>
        <message>
            <source>Generated files</source>
            <translation>Generated files</translation>
        </message>
        <message>
            <source>Plan incomplete</source>
            <translation>Plan incomplete</translation>
        </message>
        <message>
            <source>%1[*] — TrainDeck</source>
            <translation>%1[*] — TrainDeck</translation>
        </message>
        <message>
            <source>Fix: %1</source>
            <translation>Fix: %1</translation>
        </message>
        <message>
            <source>Fix not applied</source>
            <translation>Fix not applied</translation>
        </message>
        <message>
            <source>Applied: %1</source>
            <translation>Applied: %1</translation>
        </message>
        <message>
            <source>Calibrate the plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Watch</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Launch</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Stop the run?</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>A run started from the Launch tab is still going. Closing the window stops every node (SIGTERM, then SIGKILL after the grace period). Stop it and close?</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Timeline</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::MemoryBar</name>
        <message>
            <source>Memory per GPU</source>
            <translation>Memory per GPU</translation>
        </message>
        <message>
            <source>Gradients</source>
            <translation>Gradients</translation>
        </message>
        <message>
            <source>Optimizer state</source>
            <translation>Optimizer state</translation>
        </message>
        <message>
            <source>Activations</source>
            <translation>Activations</translation>
        </message>
        <message>
            <source>Overhead</source>
            <translation>Overhead</translation>
        </message>
        <message>
            <source>Card</source>
            <translation>Card</translation>
        </message>
        <message>
            <source>Does not fit on the card.</source>
            <translation>Does not fit on the card.</translation>
        </message>
        <message>
            <source>Logits</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Weights</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::ModelSourceBox</name>
        <message>
            <source>Import a Hugging Face config.json</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Model configs (*.json)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>All files (*)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Model:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Your own (a trainer preset or the numbers below)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Models whose architecture TrainDeck knows: parameters, FLOPs and activation memory follow from it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Import config.json…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Read the architecture from a Hugging Face config.json (llama, qwen2, mistral, mixtral, gpt2, vit).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Read the architecture from a Hugging Face config.json (%1; another decoder is read as Llama-like, with a warning).</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::PlanDocument</name>
        <message>
            <source>Untitled</source>
            <translation>Untitled</translation>
        </message>
        <message>
            <source>Edit %1</source>
            <translation>Edit %1</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::PlanFiguresBox</name>
        <message>
            <source>So far: %1 · learning rate %2 · finishes in %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Parameters: %1, of which %2 active per token</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Parameters: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Memory per GPU</source>
            <translation type="unfinished">Memory per GPU</translation>
        </message>
        <message>
            <source>Gradient accumulation %1 · micro-batch %2 per GPU · %3 GPUs · effective batch %4</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source> (solved for the target batch %1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Effective batch</source>
            <translation type="unfinished">Effective batch</translation>
        </message>
        <message>
            <source>Memory per GPU %1, peaking %2: weights %3, gradients %4, optimizer %5, activations %6, logits %7, overhead %8</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Fits: %1 per GPU, the card has %2.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 GiB</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::PlanFiles</name>
        <message>
            <source>Cannot open plan</source>
            <translation>Cannot open plan</translation>
        </message>
        <message>
            <source>The plan file could not be opened.</source>
            <translation>The plan file could not be opened.</translation>
        </message>
        <message>
            <source>Opened %1</source>
            <translation>Opened %1</translation>
        </message>
        <message>
            <source>Open plan</source>
            <translation>Open plan</translation>
        </message>
        <message>
            <source>TrainDeck plans (*.yaml *.yml);;All files (*)</source>
            <translation>TrainDeck plans (*.yaml *.yml);;All files (*)</translation>
        </message>
        <message>
            <source>Cannot save plan</source>
            <translation>Cannot save plan</translation>
        </message>
        <message>
            <source>The plan could not be saved.</source>
            <translation>The plan could not be saved.</translation>
        </message>
        <message>
            <source>Saved %1</source>
            <translation>Saved %1</translation>
        </message>
        <message>
            <source>Save plan</source>
            <translation>Save plan</translation>
        </message>
        <message>
            <source>TrainDeck plans (*.yaml *.yml)</source>
            <translation>TrainDeck plans (*.yaml *.yml)</translation>
        </message>
        <message>
            <source>Unsaved changes</source>
            <translation>Unsaved changes</translation>
        </message>
        <message>
            <source>The plan “%1” has changes that are not saved. Save them?</source>
            <translation>The plan “%1” has changes that are not saved. Save them?</translation>
        </message>
        <message>
            <source>Plan created: Generated files says what its launch files still need. Ctrl+S saves it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Plan created: its launch files are on Generated files. Ctrl+S saves it.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::PlanView</name>
        <message>
            <source>Write a layout as nodes x GPUs per node, e.g. 4x8.</source>
            <translation>Write a layout as nodes x GPUs per node, e.g. 4x8.</translation>
        </message>
        <message>
            <source>That layout is already shown.</source>
            <translation>That layout is already shown.</translation>
        </message>
        <message>
            <source>The figures wait for a complete plan: %1</source>
            <translation>The figures wait for a complete plan: %1</translation>
        </message>
        <message>
            <source>Compare with layout:</source>
            <translation>Compare with layout:</translation>
        </message>
        <message>
            <source>e.g. 4x8</source>
            <translation>e.g. 4x8</translation>
        </message>
        <message>
            <source>Add</source>
            <translation>Add</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::PlanWizard</name>
        <message>
            <source>New plan</source>
            <translation>New plan</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::PlotsPage</name>
        <message>
            <source>Time to finish per layout</source>
            <translation>Time to finish per layout</translation>
        </message>
        <message>
            <source>Throughput per layout</source>
            <translation>Throughput per layout</translation>
        </message>
        <message>
            <source>samples/s</source>
            <translation>samples/s</translation>
        </message>
        <message>
            <source>layout (nodes × GPUs per node)</source>
            <translation>layout (nodes × GPUs per node)</translation>
        </message>
        <message>
            <source>The plan is not complete yet.</source>
            <translation>The plan is not complete yet.</translation>
        </message>
        <message>
            <source>Learning-rate schedule (this plan's layout)</source>
            <translation>Learning-rate schedule (this plan's layout)</translation>
        </message>
        <message>
            <source>optimizer step</source>
            <translation>optimizer step</translation>
        </message>
        <message>
            <source>learning rate</source>
            <translation>learning rate</translation>
        </message>
        <message>
            <source>checkpoint</source>
            <translation>checkpoint</translation>
        </message>
        <message>
            <source>validation</source>
            <translation>validation</translation>
        </message>
        <message>
            <source>Predicted and measured throughput</source>
            <translation>Predicted and measured throughput</translation>
        </message>
        <message>
            <source>Enter a measured speed above to compare.</source>
            <translation>Enter a measured speed above to compare.</translation>
        </message>
        <message>
            <source>measured</source>
            <translation>measured</translation>
        </message>
        <message>
            <source>No measured point can calibrate this plan: the panel above says why.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>model, calibrated</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>model, uncalibrated</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the plan's layouts at %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>plan</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::ReviewPage</name>
        <message>
            <source>Finish is unavailable until this is fixed: %1</source>
            <translation>Finish is unavailable until this is fixed: %1</translation>
        </message>
        <message>
            <source>Review</source>
            <translation>Review</translation>
        </message>
        <message>
            <source>The plan on its own layout and the layouts it is compared with. Hover a figure for its formula.</source>
            <translation>The plan on its own layout and the layouts it is compared with. Hover a figure for its formula.</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::ScheduledJobPanel</name>
        <message>
            <source>Run folder of a submitted job</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Checking the plan against the cluster…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Submitting…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Slurm runs this plan: Submit writes its Slurm files into the run folder and submits them with sbatch; the job's state, the nodes it runs on and its output show here as they change, and the Watch page plots it from the run folder. Stop cancels the job (SIGTERM to its tasks first, so the trainer checkpoints). Closing the window leaves the job running: Attach follows it again.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Run folder:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>default: ~/.local/share/TrainDeck/runs/RUN_ID (shared with the nodes)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Job:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>State:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Nodes:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Check</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Check the plan against the cluster (sinfo) and write its files; submit nothing</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Submit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Stop</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>scancel: SIGTERM to the job's tasks, the scheduler's cancel after the grace</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Attach…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Follow the job of a run folder submitted earlier</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Watch</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::SettingsDialog</name>
        <message>
            <source>Settings</source>
            <translation>Settings</translation>
        </message>
        <message>
            <source>Language:</source>
            <translation>Language:</translation>
        </message>
        <message>
            <source>Follow the system (%1)</source>
            <translation>Follow the system (%1)</translation>
        </message>
        <message>
            <source>The language changes at once; numbers follow its format.</source>
            <translation>The language changes at once; numbers follow its format.</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::ShortcutList</name>
        <message>
            <source>Keyboard shortcuts</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Action</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Keys</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::TargetOptionsBox</name>
        <message>
            <source>%1:</source>
            <comment>a field's label</comment>
            <translation type="unfinished">%1:</translation>
        </message>
        <message>
            <source>optional</source>
            <translation>optional</translation>
        </message>
        <message>
            <source>e.g. ecs.gn8v.48xlarge</source>
            <translation>e.g. ecs.gn8v.48xlarge</translation>
        </message>
        <message>
            <source>e.g. 12345</source>
            <translation>e.g. 12345</translation>
        </message>
        <message>
            <source>QOS</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>PAI-DLC instance type</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>PAI-DLC workspace ID</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>What the ticked targets need beyond the plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Kueue queue</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::TimelinePlot</name>
        <message>
            <source>%1 ends %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The run over time: planned for each layout, and watched runs</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>local time</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>optimizer steps done</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The plan is not complete yet.</source>
            <translation type="unfinished">The plan is not complete yet.</translation>
        </message>
        <message>
            <source>%1 (planned on %2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 (measured)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: step %2 after %3, planned after %4.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: ends %2, in %3: training %4, evaluations %5, checkpoint writes %6.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Step time on %1: %2.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1: no planned line: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>deadline %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>warm-up ends</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>evaluation</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>checkpoint</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::UserGuide</name>
        <message>
            <source>TrainDeck user's guide</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>User's guide</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::WatchAlarms</name>
        <message>
            <source>TrainDeck: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>attempt %1</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::WatchCards</name>
        <message>
            <source>Loss</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>PSNR (dB)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Learning rate</source>
            <translation type="unfinished">Learning rate</translation>
        </message>
        <message>
            <source>Samples/s (dashed: the plan's prediction)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>GPU memory (GiB)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>GPU memory (GiB; dashed: capacity)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Gradient norm</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Evaluation loss</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Step time per rank (s)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>rank %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source> · rank %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>capacity %1 GiB, above the scale</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Samples/s</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::WatchExport</name>
        <message>
            <source>TrainDeck: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Export</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 could not be written.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>PNG images (*.png)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>SVG images (*.svg)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Export the cards as an image</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Export the series as CSV</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>CSV files (*.csv)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Export this card as an image (PNG or SVG)…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Export this card's data as CSV…</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::WatchPage</name>
        <message numerus="yes">
            <source>%n run(s), %1 points held in %2 MB</source>
            <translation type="unfinished">
                <numerusform />
                <numerusform />
            </translation>
        </message>
        <message>
            <source>Calibrate the plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Watch a file…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Watch a folder…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Export CSV…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Calibrate the plan from this run</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Add run…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>A path, ssh://[user@]host[:port]/path on another machine, or | a command</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Nothing watched yet. A trainer's metrics file, a run folder, a TensorBoard logdir or a training log here; a run on another machine (ssh://host/path) or a command's output (| kubectl logs -f …) with Add run…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Export image…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The cards as one picture: PNG, or SVG (vector graphics) for a file named .svg</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::WatchRunsPanel</name>
        <message>
            <source>Show only this run</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Show every run</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Copy this run's summary</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::WatchSources</name>
        <message>
            <source>Connecting to %1…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Unknown host key</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The host key of %1 is not known yet.

%2 key fingerprint:
%3

Accept it only if this is the fingerprint the host's administrator gives you (ssh-keygen -lf on the host). Accepted, it is added to %4 as traindeck launch adds it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Accept and remember</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Refuse</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Watch a metrics file, log or event file</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Watch a run folder or a TensorBoard logdir</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Add a run</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>A path here, a path on another machine as ssh://[user@]host[:port]/path (host keys are checked as the launcher checks them), or a command whose output is the run's lines, starting with |, e.g. | kubectl logs -f -l job-name=NAME --prefix</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>traindeck::gui::WindowMenus</name>
        <message>
            <source>About TrainDeck</source>
            <translation>About TrainDeck</translation>
        </message>
        <message>
            <source>&lt;b&gt;TrainDeck&lt;/b&gt; %1&lt;br&gt;Plan, generate and launch multi-node GPU training runs.</source>
            <translation>&lt;b&gt;TrainDeck&lt;/b&gt; %1&lt;br&gt;Plan, generate and launch multi-node GPU training runs.</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>&amp;File</translation>
        </message>
        <message>
            <source>Open &amp;Recent</source>
            <translation>Open &amp;Recent</translation>
        </message>
        <message>
            <source>&amp;Edit</source>
            <translation>&amp;Edit</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>&amp;View</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>&amp;Help</translation>
        </message>
        <message>
            <source>Main toolbar</source>
            <translation>Main toolbar</translation>
        </message>
        <message>
            <source>&amp;New Plan…</source>
            <translation>&amp;New Plan…</translation>
        </message>
        <message>
            <source>Start a new plan with the step-by-step wizard</source>
            <translation>Start a new plan with the step-by-step wizard</translation>
        </message>
        <message>
            <source>&amp;Open…</source>
            <translation>&amp;Open…</translation>
        </message>
        <message>
            <source>Open &amp;Demo Plan</source>
            <translation>Open &amp;Demo Plan</translation>
        </message>
        <message>
            <source>&amp;Save</source>
            <translation>&amp;Save</translation>
        </message>
        <message>
            <source>Save &amp;As…</source>
            <translation>Save &amp;As…</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>&amp;Quit</translation>
        </message>
        <message>
            <source>&amp;Settings…</source>
            <translation>&amp;Settings…</translation>
        </message>
        <message>
            <source>&amp;About TrainDeck</source>
            <translation>&amp;About TrainDeck</translation>
        </message>
        <message>
            <source>&amp;User's Guide</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Keyboard Shortcuts</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>What's &amp;This?</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Plan &amp;Form</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Show or hide the plan's fields, to give the pages the whole width</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Undo</source>
            <translation>&amp;Undo</translation>
        </message>
        <message>
            <source>&amp;Undo %1</source>
            <translation>&amp;Undo %1</translation>
        </message>
        <message>
            <source>&amp;Redo</source>
            <translation>&amp;Redo</translation>
        </message>
        <message>
            <source>&amp;Redo %1</source>
            <translation>&amp;Redo %1</translation>
        </message>
        <message>
            <source>Undo</source>
            <translation>Undo</translation>
        </message>
        <message>
            <source>Redo</source>
            <translation>Redo</translation>
        </message>
    </context>
    <context>
        <name>ModelFamilies</name>
        <message>
            <source>Llama</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Qwen2.5</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Qwen3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Qwen3 mixture of experts</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Mistral</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Mixtral mixture of experts</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Gemma 2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Gemma 3 (text)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Phi-3 and Phi-4</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>DeepSeek-V2 mixture of experts</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>DeepSeek-V3 and R1 mixture of experts</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>OLMo 2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Granite</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>gpt-oss mixture of experts</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>GPT-2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Vision transformer</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>traindeck-trainer and video autoencoders</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>MetricUnits</name>
        <message>
            <source>%1 ms</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>ms</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 (%2)</source>
            <translation type="unfinished" />
        </message>
    </context>
</TS>
