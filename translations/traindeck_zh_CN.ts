<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
    <context>
        <name>Calibration</name>
        <message>
            <source>the measured steps are faster than the model allows even at MFU 1: the network or NVLink is faster than the catalogue says, or communication overlaps better than assumed</source>
            <translation>测得的步速比模型在 MFU 为 1 时允许的还快：网络或 NVLink 比目录所写的更快，或通信与计算的重叠好于假设</translation>
        </message>
        <message>
            <source>the measured steps are slower than the model gives at MFU 0.0001: check the measurements' units</source>
            <translation>测得的步速比模型在 MFU 为 0.0001 时给出的还慢：请检查测量值的单位</translation>
        </message>
        <message>
            <source>the measured step is the host's, not the GPU's: the GPU would take that long only at an MFU under %1, so the fit scales eager PyTorch's issue time (×%2 the reference host's) and the MFU keeps the plan's %3</source>
            <translation>测得的步长由主机决定，而不是 GPU：GPU 只有在 MFU 低于 %1 时才会用这么久，因此拟合缩放的是 eager PyTorch 下发算子的时间（参考主机的 ×%2），MFU 保持计划中的 %3</translation>
        </message>
        <message>
            <source>every point is on one GPU: nothing shows what communication costs, so its latency and overlap keep their defaults; measure a layout with more GPUs</source>
            <translation>所有测量点都在单个 GPU 上：无法看出通信的开销，因此其延迟和重叠保持默认值；请测量一个 GPU 更多的布局</translation>
        </message>
        <message>
            <source>no point is on one GPU: compute and the per-collective latency are told apart only by how the layouts differ; a one-GPU measurement makes the fit firm</source>
            <translation>没有单 GPU 的测量点：计算与每次集合通信的延迟只能靠布局之间的差异区分；加一个单 GPU 的测量能让拟合更可靠</translation>
        </message>
        <message>
            <source>%1: a run folder, but no node-*.out in it to read speeds from</source>
            <translation>%1：是运行目录，但其中没有可读取速度的 node-*.out</translation>
        </message>
        <message>
            <source>%1: cannot open: %2</source>
            <translation>%1：无法打开：%2</translation>
        </message>
        <message>
            <source>%1: no trainer start event (JSON lines with "event":"start"), so the run's layout is unknown</source>
            <translation>%1：没有训练器的启动事件（含 "event":"start" 的 JSON 行），因此不知道这次运行的布局</translation>
        </message>
        <message>
            <source>%1: the start event has no usable nodes and gpus_per_node</source>
            <translation>%1：启动事件中没有可用的 nodes 和 gpus_per_node</translation>
        </message>
        <message>
            <source>%1: no step events after warm-up to take a steady speed from (%2 logged)</source>
            <translation>%1：预热之后没有可用来取稳定速度的 step 事件（共记录 %2 条）</translation>
        </message>
        <message>
            <source>%1 after '@': %2</source>
            <translation>'@' 后的 %1：%2</translation>
        </message>
        <message>
            <source>params after '@' expects a count like 124M or 1.5B, got '%1'</source>
            <translation>'@' 后的 params 应为 124M 或 1.5B 这样的参数量，收到的是 '%1'</translation>
        </message>
        <message>
            <source>measured on CPUs, the plan runs on %1: a CPU's speed says nothing of a GPU's efficiency</source>
            <translation>在 CPU 上测得，而计划运行在 %1 上：CPU 的速度无法说明 GPU 的效率</translation>
        </message>
        <message>
            <source>measured on %1, the plan runs on %2: the efficiency fitted on one GPU type does not carry to another; measure on the plan's GPU</source>
            <translation>在 %1 上测得，而计划运行在 %2 上：在一种 GPU 上拟合的效率不能套用到另一种；请在计划所用的 GPU 上测量</translation>
        </message>
        <message>
            <source>measured on a %1 model, the plan's model is %2: its constants are another model's</source>
            <translation>测量的是 %1 模型，而计划的模型是 %2：拟合出的常数属于另一个模型</translation>
        </message>
        <message>
            <source>measured on a model of %1 parameters, the plan's has %2: its constants are another model's</source>
            <translation>测量的模型有 %1 个参数，计划的模型有 %2 个：拟合出的常数属于另一个模型</translation>
        </message>
        <message>
            <source>the GPU's work varies little between machines of one GPU type</source>
            <translation>同一型号 GPU 的机器之间，GPU 的工作量差异很小</translation>
        </message>
        <message>
            <source>eager PyTorch's issue time varies between hosts and from run to run (1.7× apart on one cloud VM): a run on this machine with %1 narrows it</source>
            <translation>PyTorch 即时模式下发算子的时间因主机而异，每次运行也不同（同一台云虚拟机上相差 1.7 倍）：在本机跑一次并用 %1 校准可以缩小误差</translation>
        </message>
        <message>
            <source>the exposed communication depends on the network and NCCL: a run on this network with %1 fixes it</source>
            <translation>暴露的通信取决于网络和 NCCL：在此网络上跑一次并用 %1 校准即可消除</translation>
        </message>
        <message>
            <source>GPU-bound</source>
            <translation>GPU 受限</translation>
        </message>
        <message>
            <source>host-bound</source>
            <translation>主机受限</translation>
        </message>
        <message>
            <source>comm-bound</source>
            <translation>通信受限</translation>
        </message>
        <message>
            <source>uncalibrated: ±%1, %2 (%3 of the step): nine in ten of %4 measured steps so bound were within it at the assumed efficiency; %5</source>
            <translation>未校准：±%1，%2（占该步的 %3）：按假定效率，%4 个同样受限的实测步中九成落在此范围内；%5</translation>
        </message>
        <message>
            <source>uncalibrated: ±%1, %2 (%3 of the step): too few measured steps so bound (%4), so nine in ten of all %5 (%6 models) were within it at the assumed efficiency; %7</source>
            <translation>未校准：±%1，%2（占该步的 %3）：同样受限的实测步太少（%4 个），故取全部 %5 个实测步（%6 个模型）按假定效率有九成落在其中的范围；%7</translation>
        </message>
        <message>
            <source>calibrated: ±%1, %2 (%3 of the step): the fit's residual %4 over %5 point(s), and no less than the %6 that %7 measured steps so bound show after one run of their model</source>
            <translation>已校准：±%1，%2（占该步的 %3）：即拟合在 %5 个测量点上的残差 %4，且不小于 %7 个同样受限的实测步在其模型跑过一次后所示的 %6</translation>
        </message>
        <message>
            <source>calibrated: ±%1, %2 (%3 of the step): the fit's residual %4 over %5 point(s), and no less than the %6 that all %7 measured steps show after one run of their model (too few so bound: %8)</source>
            <translation>已校准：±%1，%2（占该步的 %3）：即拟合在 %5 个测量点上的残差 %4，且不小于全部 %7 个实测步在其模型跑过一次后所示的 %6（同样受限的太少：%8 个）</translation>
        </message>
        <message>
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <source>host</source>
            <translation>主机</translation>
        </message>
        <message>
            <source>comm</source>
            <translation>通信</translation>
        </message>
        <message>
            <source>±%1 (%2)</source>
            <translation>±%1（%2）</translation>
        </message>
        <message>
            <source>the run's measured host issue time is nearly its whole step: the step is the host's, so the fit scales eager PyTorch's issue time (×%1 the reference host's) and the MFU keeps the plan's %2</source>
            <translation>该运行测得的主机下发时间几乎等于整个步长：这一步受主机限制，因此拟合按比例调整 eager PyTorch 的下发时间（参考主机的 ×%1），MFU 保持计划中的 %2</translation>
        </message>
        <message>
            <source>the run measured its host's issue time: this host issues eager PyTorch at ×%1 the reference host's pace, and the run's other shapes are predicted on this host</source>
            <translation>该运行测量了主机的下发时间：这台主机下发 eager PyTorch 的速度是参考主机的 ×%1，该运行的其他形状按这台主机预测</translation>
        </message>
        <message>
            <source>unknown workload '%1' after '@' (known: micro, accum, seq, ckpt, precision, zero, fsdp, gpu, params, model, host; e.g. @micro=8:seq=1024)</source>
            <translation>'@' 后的工作负载 '%1' 无法识别（可用：micro、accum、seq、ckpt、precision、zero、fsdp、gpu、params、model、host；例如 @micro=8:seq=1024）</translation>
        </message>
        <message>
            <source>host after '@' expects the host's issue time per step like 43ms or 0.043s, got '%1'</source>
            <translation>'@' 后的 host 需要每步的主机下发时间，如 43ms 或 0.043s，得到的是 '%1'</translation>
        </message>
        <message>
            <source>the run's measured host issue time leaves the GPU a share of the step it would take only at an MFU under %1, below any measured GPU-bound step's: the rest is the host waiting, so the fit scales eager PyTorch's issue time (×%2 the reference host's) to the step and the MFU keeps the plan's %3</source>
            <translation>该次运行测得的主机下发时间留给 GPU 的那部分步长，GPU 只有在 MFU 低于 %1（低于任何实测 GPU 受限步的 MFU）时才会用这么久：其余是主机在等待，因此拟合把 eager PyTorch 下发算子的时间（参考主机的 ×%2）缩放到该步长，MFU 保持计划中的 %3</translation>
        </message>
        <message>
            <source>the run does not say how its step splits between host and GPU (no host_s): it fits a host at ×%1 the reference host's pace as well as the GPU at MFU %2; the fit takes the host, the larger share of the model's step at the run's shape, and the expected error covers the GPU's explanation too</source>
            <translation>该次运行没有说明其步长在主机与 GPU 之间如何分配（没有 host_s）：它既符合下发速度为参考主机 ×%1 的主机，也符合 MFU 为 %2 的 GPU；拟合取主机（在该运行的形状下占模型步长更大的份额），预期误差同时覆盖 GPU 的解释</translation>
        </message>
        <message>
            <source>the run does not say how its step splits between host and GPU (no host_s): it fits the GPU at MFU %1 as well as a host at ×%2 the reference host's pace; the fit takes the GPU, the larger share of the model's step at the run's shape, and the expected error covers the host's explanation too</source>
            <translation>该次运行没有说明其步长在主机与 GPU 之间如何分配（没有 host_s）：它既符合 MFU 为 %1 的 GPU，也符合下发速度为参考主机 ×%2 的主机；拟合取 GPU（在该运行的形状下占模型步长更大的份额），预期误差同时覆盖主机的解释</translation>
        </message>
        <message>
            <source>uncalibrated: ±%1, %2 (%3 of the step): ±%4 held nine in ten of %5 measured steps so bound, each model family's judged by the band the others gave (leave one family out), at the assumed efficiency; %6</source>
            <translation>未校准：±%1，%2（占该步的 %3）：按假定效率，±%4 覆盖了 %5 个同样受限的实测步中的九成，每个模型族都用其他模型族得出的范围来检验（留一族交叉验证）；%6</translation>
        </message>
        <message>
            <source>uncalibrated: ±%1, %2 (%3 of the step): too few measured steps so bound (%4), so ±%5 held nine in ten of all %6 (%7 models), each model family's judged by the band the others gave, at the assumed efficiency; %8</source>
            <translation>未校准：±%1，%2（占该步的 %3）：同样受限的实测步太少（%4 个），故取 ±%5：按假定效率，它覆盖了全部 %6 个实测步（%7 个模型）中的九成，每个模型族都用其他模型族得出的范围来检验；%8</translation>
        </message>
        <message>
            <source>calibrated: ±%1, %2 (%3 of the step): the fit's residual %4 over %5 point(s), and no less than the ±%6 that held nine in ten of %7 measured steps so bound after one run of their model, each model family's judged by the band the others gave (leave one family out)</source>
            <translation>已校准：±%1，%2（占该步的 %3）：拟合在 %5 个点上的残差为 %4，且不小于 ±%6——在各自模型运行一次之后，它覆盖了 %7 个同样受限的实测步中的九成，每个模型族都用其他模型族得出的范围来检验（留一族交叉验证）</translation>
        </message>
        <message>
            <source>calibrated: ±%1, %2 (%3 of the step): the fit's residual %4 over %5 point(s), and no less than the ±%6 that held nine in ten of all %7 measured steps after one run of their model, each model family's judged by the band the others gave (too few so bound: %8)</source>
            <translation>已校准：±%1，%2（占该步的 %3）：拟合在 %5 个点上的残差为 %4，且不小于 ±%6——在各自模型运行一次之后，它覆盖了全部 %7 个实测步中的九成，每个模型族都用其他模型族得出的范围来检验（同样受限的太少：%8 个）</translation>
        </message>
        <message>
            <source>; a host-bound step is never stated closer than ±%1: the same step took 22.6 to 38.0 ms from run to run on one machine (%2× apart)</source>
            <translation>；主机受限的步长给出的范围从不小于 ±%1：同一步在同一台机器上每次运行耗时 22.6 到 38.0 ms 不等（相差 %2 倍）</translation>
        </message>
        <message>
            <source>; the run does not say its host time (host_s), and the fit's other explanation of it puts this step %1 away, which the error covers: a run that records host_s narrows it</source>
            <translation>；该次运行没有给出其主机时间（host_s），拟合的另一种解释使该步相差 %1，预期误差已覆盖它：记录 host_s 的运行可缩小此范围</translation>
        </message>
        <message>
            <source>unknown workload '%1' after '@' (known: micro, accum, seq, ckpt, precision, zero, fsdp, gpu, params, model, host, write, eval; e.g. @micro=8:seq=1024)</source>
            <translation>'@' 后的工作负载 '%1' 无法识别（可用：micro、accum、seq、ckpt、precision、zero、fsdp、gpu、params、model、host、write、eval；例如 @micro=8:seq=1024）</translation>
        </message>
        <message>
            <source>write after '@' expects the run's checkpoint write speed like 0.3GB/s or 300MB/s, got '%1'</source>
            <translation>'@' 后的 write 需要该运行的检查点写入速度，如 0.3GB/s 或 300MB/s，得到的是 '%1'</translation>
        </message>
        <message>
            <source>eval after '@' expects how many times faster than training the run evaluated its samples, like 2.9x, got '%1'</source>
            <translation>'@' 后的 eval 需要该运行验证样本的速度是训练的几倍，如 2.9x，得到的是 '%1'</translation>
        </message>
    </context>
    <context>
        <name>CalibrationPoint</name>
        <message>
            <source>%1 at %2</source>
            <translation>%1（%2）</translation>
        </message>
        <message>
            <source>%1: measured %2 samples/s, the fitted model gives %3 (%4): this point fits badly.</source>
            <translation>%1：实测 %2 样本/秒，拟合后的模型给出 %3（%4）：此点拟合较差。</translation>
        </message>
        <message>
            <source>%1: measured %2 samples/s, the fitted model gives %3 (%4).</source>
            <translation>%1：实测 %2 样本/秒，拟合后的模型给出 %3（%4）。</translation>
        </message>
    </context>
    <context>
        <name>CliOptions</name>
        <message>
            <source>k8s|pytorchjob|pai|slurm|ssh|accelerate|deepspeed|all (comma list, repeatable)</source>
            <translation>k8s|pytorchjob|pai|slurm|ssh|accelerate|deepspeed|all（逗号分隔，可重复）</translation>
        </message>
        <message>
            <source>directory to write into (created if missing)</source>
            <translation>写入的文件夹（不存在时创建）</translation>
        </message>
        <message>
            <source>job name (the plan's launch.job_name)</source>
            <translation>作业名称（计划的 launch.job_name）</translation>
        </message>
        <message>
            <source>overwrite existing files</source>
            <translation>覆盖已有文件</translation>
        </message>
        <message>
            <source>Kueue LocalQueue (k8s, pytorchjob) and SLURM partition</source>
            <translation>Kueue LocalQueue（k8s、pytorchjob）和 SLURM 分区</translation>
        </message>
        <message>
            <source>Kubernetes PriorityClass (k8s, pytorchjob)</source>
            <translation>Kubernetes PriorityClass（k8s、pytorchjob）</translation>
        </message>
        <message>
            <source>SLURM quality of service</source>
            <translation>SLURM 服务质量（QOS）</translation>
        </message>
        <message>
            <source>PAI-DLC priority, 1 (lowest) to 9</source>
            <translation>PAI-DLC 优先级，1（最低）到 9</translation>
        </message>
        <message>
            <source>CLAIM:/path[:ro]: a PersistentVolumeClaim in every pod (repeatable)</source>
            <translation>CLAIM:/路径[:ro]：每个 pod 挂载的 PersistentVolumeClaim（可重复）</translation>
        </message>
        <message>
            <source>VAR=SECRET:KEY: an env var from a Kubernetes Secret (repeatable)</source>
            <translation>VAR=SECRET:KEY：取自 Kubernetes Secret 的环境变量（可重复）</translation>
        </message>
        <message>
            <source>PAI-DLC: ECS instance type of a node</source>
            <translation>PAI-DLC：节点的 ECS 实例规格</translation>
        </message>
        <message>
            <source>PAI-DLC: workspace id</source>
            <translation>PAI-DLC：工作空间 ID</translation>
        </message>
        <message>
            <source>k8s: size limit of /dev/shm (e.g. 64Gi)</source>
            <translation>k8s：/dev/shm 的大小上限（如 64Gi）</translation>
        </message>
        <message>
            <source>SLURM: --time of the job</source>
            <translation>SLURM：作业的 --time</translation>
        </message>
        <message>
            <source>traindeck-trainer --metrics-file</source>
            <translation>traindeck-trainer 的 --metrics-file</translation>
        </message>
        <message>
            <source>failures of the whole job the platform retries (default 2)</source>
            <translation>整个作业失败后平台重试的次数（默认 2）</translation>
        </message>
        <message>
            <source>show this help</source>
            <translation>显示本帮助</translation>
        </message>
        <message>
            <source>run the single node of a 1xN plan on this machine</source>
            <translation>在本机运行 1xN 计划的唯一节点</translation>
        </message>
        <message>
            <source>the run folder (default ~/.local/share/TrainDeck/runs/RUN_ID)</source>
            <translation>运行文件夹（默认 ~/.local/share/TrainDeck/runs/RUN_ID）</translation>
        </message>
        <message>
            <source>where each host gets the run's files, DIR/RUN_ID (relative: to the home; default .traindeck/runs)</source>
            <translation>各主机存放本次运行文件的位置 DIR/RUN_ID（相对路径相对于主目录；默认 .traindeck/runs）</translation>
        </message>
        <message>
            <source>private key to try first (then the agent and ~/.ssh/config's)</source>
            <translation>优先尝试的私钥（其次是 agent 和 ~/.ssh/config 中的）</translation>
        </message>
        <message>
            <source>known_hosts file (default ~/.ssh/known_hosts)</source>
            <translation>known_hosts 文件（默认 ~/.ssh/known_hosts）</translation>
        </message>
        <message>
            <source>ssh configuration file (default ~/.ssh/config)</source>
            <translation>ssh 配置文件（默认 ~/.ssh/config）</translation>
        </message>
        <message>
            <source>record the keys of hosts not yet in known_hosts (a changed key is always refused)</source>
            <translation>记录尚未在 known_hosts 中的主机密钥（密钥变化时一律拒绝）</translation>
        </message>
        <message>
            <source>run the pre-flight checks only; start nothing</source>
            <translation>只做启动前检查，不启动任何进程</translation>
        </message>
        <message>
            <source>seconds between SIGTERM and SIGKILL when stopping (default 30)</source>
            <translation>停止时 SIGTERM 与 SIGKILL 之间的秒数（默认 30）</translation>
        </message>
        <message>
            <source>a run's metrics (trainer JSON lines or run folder) as a calibration point (repeatable)</source>
            <translation>以一次运行的指标（训练器 JSON 行或运行文件夹）作为校准点（可重复）</translation>
        </message>
        <message>
            <source>print JSON instead of the table</source>
            <translation>输出 JSON 而不是表格</translation>
        </message>
        <message>
            <source>write the demo plan as YAML to stdout</source>
            <translation>把演示计划以 YAML 写到标准输出</translation>
        </message>
        <message>
            <source>PAI-DLC resource group or quota id (instead of --ecs-spec)</source>
            <translation>PAI-DLC 资源组或配额 ID（代替 --ecs-spec）</translation>
        </message>
        <message>
            <source>ssh: the ssh configuration FILE that names the hosts (default: ssh's own)</source>
            <translation>ssh：给出这些主机的 ssh 配置文件 FILE（默认：ssh 自己的）</translation>
        </message>
        <message>
            <source>remove what earlier launches left in the remote folder of each host (not a running launch's), then exit</source>
            <translation>删除以前的启动留在各主机远程文件夹中的内容（正在运行的启动除外），然后退出</translation>
        </message>
        <message>
            <source>seconds between SSH keepalives to a silent node, like ssh's ServerAliveInterval (default 5; 0: off)</source>
            <translation>节点无响应时发送 SSH keepalive 的间隔秒数，相当于 ssh 的 ServerAliveInterval（默认 5；0 表示关闭）</translation>
        </message>
        <message>
            <source>unanswered keepalives before a node counts as lost, like ssh's ServerAliveCountMax (default 3)</source>
            <translation>连续多少次 keepalive 无应答后视节点为失联，相当于 ssh 的 ServerAliveCountMax（默认 3）</translation>
        </message>
        <message>
            <source>only this GPU type (h100, h200, a100, a800, l40s)</source>
            <translation>只列出此 GPU 型号（h100、h200、a100、a800、l40s）</translation>
        </message>
        <message>
            <source>only this cloud (aws, gcp, azure, lambda, alibaba, or your own)</source>
            <translation>只列出此云（aws、gcp、azure、lambda、alibaba，或你自己的）</translation>
        </message>
        <message>
            <source>follow the Slurm job of an earlier launch again (its run folder), e.g. after the launcher was closed</source>
            <translation>重新跟踪之前启动的 Slurm 作业（给出其运行文件夹），例如启动器被关闭之后</translation>
        </message>
        <message>
            <source>Slurm: print the job's output as it grows (it is in the run folder either way)</source>
            <translation>Slurm：随输出增长打印作业的输出（无论如何都会保存在运行文件夹中）</translation>
        </message>
        <message>
            <source>Slurm: seconds between two questions to the controller while it answers promptly (default 3; longer while it is slow)</source>
            <translation>Slurm：控制器及时应答时两次查询之间的秒数（默认 3；控制器慢时自动延长）</translation>
        </message>
        <message>
            <source>merge a catalogue CSV you downloaded (SkyPilot's vms.csv format) into your prices file, dated today</source>
            <translation>把你下载的价格目录 CSV（SkyPilot 的 vms.csv 格式）并入你的价格文件，日期记为今天</translation>
        </message>
        <message>
            <source>Slurm: cancel the job when it has waited this many seconds in the queue (default 0: wait as long as it takes)</source>
            <translation>Slurm：作业在队列中等待超过这么多秒时取消它（默认 0：一直等待）</translation>
        </message>
        <message>
            <source>Slurm: the job fails when a node fails, instead of Slurm starting it again (sbatch --no-requeue)</source>
            <translation>Slurm：节点故障时作业即失败，而不是由 Slurm 重新启动它（sbatch --no-requeue）</translation>
        </message>
    </context>
    <context>
        <name>CoreMessages</name>
        <message>
            <source>expected a whole number, got '%1'</source>
            <translation>需要整数，输入的是“%1”</translation>
        </message>
        <message>
            <source>expected a number, got '%1'</source>
            <translation>需要数字，输入的是“%1”</translation>
        </message>
        <message>
            <source>must be at least %1, got %2</source>
            <translation>不能小于 %1（输入的是 %2）</translation>
        </message>
        <message>
            <source>must be at most %1, got %2</source>
            <translation>不能大于 %1（输入的是 %2）</translation>
        </message>
        <message>
            <source>must be greater than %1, got %2</source>
            <translation>必须大于 %1（输入的是 %2）</translation>
        </message>
        <message>
            <source>expected true or false, got '%1'</source>
            <translation>需要 true 或 false，输入的是“%1”</translation>
        </message>
        <message>
            <source>expected one of %1, got '%2'</source>
            <translation>只能是 %1 之一，输入的是“%2”</translation>
        </message>
        <message>
            <source>expected tiny, base, large or nothing, got '%1'</source>
            <translation>只能是 tiny、base、large 或留空，输入的是“%1”</translation>
        </message>
        <message>
            <source>expected layouts like 1x8,2x8, got '%1'</source>
            <translation>布局应写成 1x8,2x8 这样的形式，输入的是“%1”</translation>
        </message>
        <message>
            <source>must be a single line</source>
            <translation>只能是一行</translation>
        </message>
        <message>
            <source>unknown %1 '%2' (known: %3)</source>
            <translation>%1“%2”不存在（可选：%3）</translation>
        </message>
        <message>
            <source>expected LAYOUT=VALUE with a unit, e.g. 2x8=0.9steps/s, 2x8=115samples/s or 2x8=1.1s/step; got '%1'</source>
            <translation>应写成“布局=数值单位”，例如 2x8=0.9steps/s、2x8=115samples/s 或 2x8=1.1s/step，输入的是“%1”</translation>
        </message>
        <message>
            <source>calibration needs a positive number after '=', got '%1'</source>
            <translation>校准值的“=”后面需要一个正数，输入的是“%1”</translation>
        </message>
        <message>
            <source>unknown calibration unit '%1' (use steps/s, samples/s or s/step)</source>
            <translation>未知的校准单位“%1”（可用 steps/s、samples/s 或 s/step）</translation>
        </message>
        <message>
            <source>unknown preset '%1'</source>
            <translation>未知的训练器预设“%1”</translation>
        </message>
        <message>
            <source>unknown plan field '%1'</source>
            <translation>未知的计划字段“%1”</translation>
        </message>
        <message>
            <source>plan version %1 is newer than this TrainDeck reads (%2)</source>
            <translation>计划版本 %1 比此版本 TrainDeck 能读取的版本（%2）更新</translation>
        </message>
        <message>
            <source>expected a single value</source>
            <translation>这里只能填一个值</translation>
        </message>
        <message>
            <source>a plan file is a map of sections (cluster, model, recipe, ...)</source>
            <translation>计划文件应由各个分节组成（cluster、model、recipe 等）</translation>
        </message>
        <message>
            <source>expected a whole number</source>
            <translation>需要整数</translation>
        </message>
        <message>
            <source>plan version %1 is not one this TrainDeck reads (1 to %2)</source>
            <translation>此版本 TrainDeck 无法读取计划版本 %1（支持 1 到 %2）</translation>
        </message>
        <message>
            <source>unknown section (expected %1)</source>
            <translation>未知的分节（应为 %1 之一）</translation>
        </message>
        <message>
            <source>expected a map of fields</source>
            <translation>这里应是由字段组成的映射</translation>
        </message>
        <message>
            <source>expected a map of NAME: value</source>
            <translation>这里应是“变量名: 值”形式的映射</translation>
        </message>
        <message>
            <source>expected a text value</source>
            <translation>这里应是文本值</translation>
        </message>
        <message>
            <source>unknown field</source>
            <translation>未知的字段</translation>
        </message>
        <message>
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <source>network</source>
            <translation>网络</translation>
        </message>
        <message>
            <source>namespace</source>
            <translation>命名空间</translation>
        </message>
        <message>
            <source>priority class</source>
            <translation>优先级类</translation>
        </message>
        <message>
            <source>volume claim</source>
            <translation>存储卷声明</translation>
        </message>
        <message>
            <source>secret</source>
            <translation>Secret</translation>
        </message>
        <message>
            <source>time limit</source>
            <translation>时间限制</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <extracomment>A field of the plan and what is wrong with its value.</extracomment>
            <translation>%1：%2</translation>
        </message>
        <message>
            <source>the measured step is faster than the model allows even at MFU 1: the network or NVLink is faster than the catalogue says, or communication overlaps better than assumed</source>
            <translation>实测的单步耗时比模型在 MFU 为 1 时还短：网络或 NVLink 比目录中的数据更快，或者通信与计算的重叠比假设的更好</translation>
        </message>
        <message>
            <source>the measured step is slower than the model gives at MFU 0.0001: check the measurement's unit</source>
            <translation>实测的单步耗时比模型在 MFU 为 0.0001 时还长：请检查实测值的单位</translation>
        </message>
        <message>
            <source>partition (%1)</source>
            <translation>分区（%1）</translation>
        </message>
        <message>
            <source>QOS (%1)</source>
            <translation>QOS（%1）</translation>
        </message>
        <message>
            <source>unknown model '%1' (known: %2)</source>
            <translation>未知模型“%1”（已知：%2）</translation>
        </message>
        <message>
            <source>must be a multiple of 8 (the trainer's patches are 8×8), got %1</source>
            <translation>必须是 8 的倍数（训练器的图块为 8×8），实际为 %1</translation>
        </message>
        <message>
            <source>%1 %2 and %3 %4 both shard the model: choose FSDP or a ZeRO stage, not both</source>
            <translation>%1 %2 与 %3 %4 都会切分模型：请在 FSDP 和 ZeRO 阶段中二选一</translation>
        </message>
        <message>
            <source>must be an absolute path on the nodes, got '%1'</source>
            <translation>必须是节点上的绝对路径，输入的是“%1”</translation>
        </message>
        <message>
            <source>expected GPU indices like 0,1,2,3, got '%1'</source>
            <translation>GPU 编号应写成 0,1,2,3 这样的形式，输入的是“%1”</translation>
        </message>
        <message>
            <source>names a GPU twice</source>
            <translation>同一个 GPU 出现了两次</translation>
        </message>
        <message>
            <source>names %1 GPUs but the plan runs %2 per node</source>
            <translation>列出了 %1 个 GPU，但计划每个节点运行 %2 个</translation>
        </message>
        <message>
            <source>the deadline %1 has passed</source>
            <translation>截止时间 %1 已经过去</translation>
        </message>
        <message>
            <source>expected a duration such as 36h, 90m or 2d, or a date and time such as 2026-11-30T09:00, got '%1'</source>
            <translation>应为时长（如 36h、90m 或 2d）或日期时间（如 2026-11-30T09:00），实际为“%1”</translation>
        </message>
        <message>
            <source>expected a name of letters, digits, '-' and '_', got '%1'</source>
            <translation>应为由字母、数字、“-”和“_”组成的名称，实际为“%1”</translation>
        </message>
        <message>
            <source>may only hold letters, digits, '-', '_', '.' and ':'</source>
            <translation>只能包含字母、数字、“-”、“_”、“.”和“:”</translation>
        </message>
        <message>
            <source>an sbatch option starts with '--', got '%1'</source>
            <translation>sbatch 选项以“--”开头，实际为“%1”</translation>
        </message>
        <message>
            <source>%1 %2 has no effect while %3 %4 is given: %3 decides it; give one of the two (%3 %5 lets %1 decide)</source>
            <translation>给出 %3 %4 时 %1 %2 不起作用：由 %3 决定；请只给其中一个（%3 %5 让 %1 决定）</translation>
        </message>
        <message>
            <source>%1 is not a date: that month has no such day</source>
            <translation>%1 不是一个日期：那个月没有这一天</translation>
        </message>
        <message>
            <source>a deadline of %1 leaves no time: give a duration above zero, such as 36h</source>
            <translation>截止时间 %1 没有留出时间：请给一个大于零的时长，例如 36h</translation>
        </message>
        <message>
            <source>the deadline %1 is more than 100 years away: give one a run can meet</source>
            <translation>截止时间 %1 在 100 年之后：请给一个训练能赶上的截止时间</translation>
        </message>
    </context>
    <context>
        <name>CostMessages</name>
        <message>
            <source>%1 min</source>
            <translation>%1 分钟</translation>
        </message>
        <message>
            <source>%1 h</source>
            <translation>%1 小时</translation>
        </message>
        <message>
            <source>%1 days</source>
            <translation>%1 天</translation>
        </message>
        <message>
            <source>%1 at your price</source>
            <translation>%1（按你的价格）</translation>
        </message>
        <message>
            <source>%1 on %2</source>
            <translation>%2 上的 %1</translation>
        </message>
        <message>
            <source>does not fit in memory, even with ZeRO-3 and checkpointing</source>
            <translation>即使用 ZeRO-3 和激活检查点也放不进显存</translation>
        </message>
        <message>
            <source>no micro-batch × accumulation on its GPUs makes the global batch %1</source>
            <translation>在其 GPU 上没有任何 微批 × 累积 能得到全局批大小 %1</translation>
        </message>
        <message>
            <source>takes %1, %2 past the deadline</source>
            <translation>需要 %1，超出截止时间 %2</translation>
        </message>
        <message>
            <source>costs %1, %2 over the budget</source>
            <translation>费用 %1，超出预算 %2</translation>
        </message>
        <message>
            <source>cheapest within the deadline: %1, %2 for %3</source>
            <translation>截止时间内最便宜：%1，%2，费用 %3</translation>
        </message>
        <message>
            <source>fastest within the budget: %1, %2 for %3</source>
            <translation>预算内最快：%1，%2，费用 %3</translation>
        </message>
        <message>
            <source>nothing finishes within %1: the fastest, %2, takes %3 (%4 too long)</source>
            <translation>没有能在 %1 内完成的方案：最快的 %2 需要 %3（超出 %4）</translation>
        </message>
        <message>
            <source>nothing stays within %1: the cheapest, %2, costs %3 (%4 over)</source>
            <translation>没有不超过 %1 的方案：最便宜的 %2 费用 %3（超出 %4）</translation>
        </message>
        <message>
            <source>%1: expected a list 'prices:' of rows</source>
            <translation>%1：应为由各行组成的列表“prices:”</translation>
        </message>
        <message>
            <source>%1: row %2: %3</source>
            <translation>%1：第 %2 行：%3</translation>
        </message>
        <message>
            <source>Priced at your %1 per GPU-hour; the cost lies within ±%2 (the step time's expected error).</source>
            <translation>按你给出的每 GPU 小时 %1 计价；费用误差在 ±%2 以内（每步时间的预期误差）。</translation>
        </message>
        <message>
            <source>Priced at %1 %2 %3, spot, %4 per GPU-hour (%5, read %6); the cost lies within ±%7 (the step time's expected error).</source>
            <translation>按 %1 %2 %3 的竞价（spot）价格计价，每 GPU 小时 %4（%5，读取于 %6）；费用误差在 ±%7 以内（每步时间的预期误差）。</translation>
        </message>
        <message>
            <source>Priced at %1 %2 %3, on-demand, %4 per GPU-hour (%5, read %6); the cost lies within ±%7 (the step time's expected error).</source>
            <translation>按 %1 %2 %3 的按需价格计价，每 GPU 小时 %4（%5，读取于 %6）；费用误差在 ±%7 以内（每步时间的预期误差）。</translation>
        </message>
        <message>
            <source>no price: set a cloud (%1) or your price per GPU-hour (%2)</source>
            <translation>没有价格：请设置云（%1）或你自己的每 GPU 小时价格（%2）</translation>
        </message>
        <message>
            <source>no spot price for %1 × %2 on %3 in the price catalogue</source>
            <translation>价格目录中没有 %3 上 %1 × %2 的竞价（spot）价格</translation>
        </message>
        <message>
            <source>no price for %1 × %2 on %3 in the price catalogue</source>
            <translation>价格目录中没有 %3 上 %1 × %2 的价格</translation>
        </message>
        <message>
            <source>%1 finishes %2 h sooner than %3 but costs %4% more (%5 against %6; scaling %7%)</source>
            <translation>%1 比 %3 早 %2 小时完成，但费用高 %4%（%5 对 %6；扩展效率 %7%）</translation>
        </message>
        <message>
            <source>%1 finishes sooner (%2 h against %3 h) and costs less (%4 against %5) than the plan's %6</source>
            <translation>%1 比计划的 %6 完成更早（%2 小时对 %3 小时）且费用更低（%4 对 %5）</translation>
        </message>
        <message>
            <source>use %1</source>
            <translation>改用 %1</translation>
        </message>
        <message>
            <source>%1 trains a sample sooner and for less (%2 against %3) than the plan's %4</source>
            <translation>%1 训练每个样本比计划的 %4 更快也更便宜（%2 对 %3）</translation>
        </message>
        <message>
            <source>%1 trains a sample in %2% less time than %3 but at %4% more (%5 against %6; scaling %7%)</source>
            <translation>%1 训练每个样本比 %3 少用 %2% 的时间，但贵 %4%（%5 对 %6；扩展效率 %7%）</translation>
        </message>
        <message>
            <source>These layouts train different amounts (global batch %1 to %2 samples a step, no target batch): the cost to finish is of different runs. At equal work: %3.</source>
            <translation>这些布局训练的量不同（每步全局批大小 %1 到 %2 个样本，未设目标批大小）：完成费用对应的是不同的训练。按相同工作量：%3。</translation>
        </message>
        <message>
            <source>%1 %2</source>
            <translation>%1 %2</translation>
        </message>
        <message>
            <source>%1 per 1,000 samples</source>
            <translation>每 1,000 个样本 %1</translation>
        </message>
        <message>
            <source>%1 per million tokens</source>
            <translation>每百万 token %1</translation>
        </message>
        <message>
            <source>Spot: %1 expected preemptions (one a day per node assumed), each costing a %2 restart and, without checkpoints, the run so far: %3 added to the time and the cost. A checkpoint interval (%4) makes spot far cheaper.</source>
            <translation>竞价：预计被抢占 %1 次（假定每个节点每天一次），每次花费 %2 重启，并且因为没有检查点，要重做此前的全部训练：时间和费用中已加上 %3。设置检查点间隔（%4）能让竞价便宜得多。</translation>
        </message>
        <message>
            <source>Spot: %1 expected preemptions (one a day per node assumed), each costing a %2 restart and half the %3 min checkpoint interval redone: %4 added to the time and the cost.</source>
            <translation>竞价：预计被抢占 %1 次（假定每个节点每天一次），每次花费 %2 重启，并重做半个 %3 分钟的检查点间隔：时间和费用中已加上 %4。</translation>
        </message>
        <message>
            <source>on spot %1 would not finish: at one preemption a day per node, %2 lose work faster than they train; set a checkpoint interval (%3) or use on-demand</source>
            <translation>用竞价实例 %1 无法完成：按每个节点每天被抢占一次计，%2 丢失进度比训练还快；请设置检查点间隔（%3）或使用按需实例</translation>
        </message>
        <message>
            <source>%1: line %2: no region</source>
            <translation>%1：第 %2 行：没有区域</translation>
        </message>
        <message>
            <source>%1: no column %2: not a SkyPilot-style catalogue (InstanceType, AcceleratorName, AcceleratorCount, Price, SpotPrice, Region)</source>
            <translation>%1：没有 %2 列：不是 SkyPilot 格式的价格目录（InstanceType、AcceleratorName、AcceleratorCount、Price、SpotPrice、Region）</translation>
        </message>
        <message>
            <source>%1: empty, not a price catalogue</source>
            <translation>%1：文件为空，不是价格目录</translation>
        </message>
        <message>
            <source>Within its ±%1 it may take up to %2, past the deadline of %3: calibrate the plan with a measured run, or leave room.</source>
            <translation>在其 ±%1 的误差内，可能需要 %2，超过截止时间 %3：请用一次实测运行校准计划，或留出余量。</translation>
        </message>
        <message>
            <source>Within its ±%1 it may cost up to %2, over the budget of %3: calibrate the plan with a measured run, or leave room.</source>
            <translation>在其 ±%1 的误差内，费用可能高达 %2，超出预算 %3：请用一次实测运行校准计划，或留出余量。</translation>
        </message>
        <message>
            <source>the catalogue prices these GPUs in %1 and the plan's money is in %2: no exchange rate is assumed; set the currency (%3) to %1, or give your price per GPU-hour (%4) in %2</source>
            <translation>价格目录用 %1 给这些 GPU 定价，而计划的货币是 %2：不假定任何汇率；请把货币（%3）设为 %1，或用 %2 给出你自己的每 GPU 小时价格（%4）</translation>
        </message>
        <message>
            <source>the price catalogue has no spot price for this GPU on this cloud: leave out spot (%1) or add spot_per_gpu_hour to your row in %2</source>
            <translation>价格目录中这个云上的这种 GPU 没有竞价（spot）价格：请去掉竞价（%1），或在 %2 中给你的行加上 spot_per_gpu_hour</translation>
        </message>
        <message>
            <source>no row of the price catalogue has a spot price: leave out spot (%1) or add spot_per_gpu_hour to your rows in %2</source>
            <translation>价格目录中没有任何行有竞价（spot）价格：请去掉竞价（%1），或在 %2 中给你的行加上 spot_per_gpu_hour</translation>
        </message>
        <message>
            <source>%1 has no %2 price in the catalogue (it prices %3): choose one of those (%4), try every GPU type (%5) or give your price per GPU-hour (%6)</source>
            <translation>价格目录中 %1 没有 %2 的价格（它有 %3 的价格）：请从中选一种（%4）、尝试所有 GPU 类型（%5），或给出你自己的每 GPU 小时价格（%6）</translation>
        </message>
        <message>
            <source>%1 has no region '%2' in the price catalogue (it has %3)</source>
            <translation>价格目录中 %1 没有区域“%2”（它有 %3）</translation>
        </message>
        <message>
            <source>the price catalogue has no cloud '%1' (it has %2): add its rows to %3 or give your price per GPU-hour (%4)</source>
            <translation>价格目录中没有云“%1”（目录中有 %2）：请把它的价格行加入 %3，或给出你自己的每 GPU 小时价格（%4）</translation>
        </message>
        <message>
            <source>a deadline or budget needs prices: set a cloud (%1), your price per GPU-hour (%2), or try the catalogue's clouds (%3)</source>
            <translation>截止时间或预算需要价格：请设置云（%1）、你自己的每 GPU 小时价格（%2），或尝试价格目录中的各个云（%3）</translation>
        </message>
        <message>
            <source>no layout that fits in memory makes the global batch %1 exactly: its number of GPUs must divide the batch; allow more nodes (%2) or change the batch</source>
            <translation>放得进显存的布局都不能正好得到全局批大小 %1：GPU 数必须整除批大小；请允许更多节点（%2）或改变批大小</translation>
        </message>
        <message>
            <source>no layout up to %1 nodes fits in memory, even with ZeRO-3, full checkpointing and micro-batch 1: allow more nodes (%2) or use a GPU with more memory</source>
            <translation>最多 %1 个节点内，即使用 ZeRO-3、完整激活检查点和微批 1，也没有布局放得进显存：请允许更多节点（%2）或换显存更大的 GPU</translation>
        </message>
        <message>
            <source>no layout up to %1 nodes both fits in memory and makes the global batch %2: the ones whose GPUs divide the batch do not fit, even with ZeRO-3 and checkpointing; allow more nodes (%3) or change the batch</source>
            <translation>最多 %1 个节点内没有布局既放得进显存又能得到全局批大小 %2：GPU 数能整除批大小的布局即使用 ZeRO-3 和激活检查点也放不下；请允许更多节点（%3）或改变批大小</translation>
        </message>
        <message>
            <source>no layout can be priced: %1</source>
            <translation>没有布局能定价：%1</translation>
        </message>
        <message>
            <source>no layout up to %1 nodes can make the global batch %2: its number of GPUs must divide the batch</source>
            <translation>最多 %1 个节点内没有布局能得到全局批大小 %2：GPU 数必须整除批大小</translation>
        </message>
    </context>
    <context>
        <name>Durations</name>
        <message>
            <source>seconds</source>
            <translation>秒</translation>
        </message>
        <message>
            <source>minutes</source>
            <translation>分钟</translation>
        </message>
        <message>
            <source>hours</source>
            <translation>小时</translation>
        </message>
        <message>
            <source>%1 s</source>
            <translation>%1 秒</translation>
        </message>
        <message>
            <source>%1 min</source>
            <translation>%1 分钟</translation>
        </message>
        <message>
            <source>%1 h</source>
            <translation>%1 小时</translation>
        </message>
        <message>
            <source>%1 h (%2 days)</source>
            <translation>%1 小时（%2 天）</translation>
        </message>
    </context>
    <context>
        <name>ExitStatus</name>
        <message>
            <source>Exit status, the same rule for every command: 0 done, nothing needs you; 1 done, but the result needs you (an error finding, a failed run, an alarm); 2 nothing done: bad arguments or input.</source>
            <translation>退出码，所有命令同一规则：0 已完成，无需处理；1 已完成，但结果需要你处理（错误级别的发现、运行失败、告警）；2 什么都没做：参数或输入有误。</translation>
        </message>
        <message>
            <source>%1 Here: %2</source>
            <translation>%1 本命令：%2</translation>
        </message>
    </context>
    <context>
        <name>FieldLabels</name>
        <message>
            <source>Plan name</source>
            <translation>计划名称</translation>
        </message>
        <message>
            <source>Nodes</source>
            <translation>节点数</translation>
        </message>
        <message>
            <source>Machines in the job.</source>
            <translation>作业使用的机器数。</translation>
        </message>
        <message>
            <source>GPUs per node</source>
            <translation>每节点 GPU 数</translation>
        </message>
        <message>
            <source>GPUs the job uses on each machine; at most what the node type has.</source>
            <translation>作业在每台机器上使用的 GPU 数，不能超过该节点类型实际拥有的数量。</translation>
        </message>
        <message>
            <source>GPU model</source>
            <translation>GPU 型号</translation>
        </message>
        <message>
            <source>Network between nodes</source>
            <translation>节点间网络</translation>
        </message>
        <message>
            <source>Model name</source>
            <translation>模型名称</translation>
        </message>
        <message>
            <source>Trainer preset</source>
            <translation>训练器预设</translation>
        </message>
        <message>
            <source>A model of traindeck-trainer, or Custom to enter your own model's size.</source>
            <translation>traindeck-trainer 自带的模型；选择“自定义”可填写你自己模型的规模。</translation>
        </message>
        <message>
            <source>Parameters</source>
            <translation>参数量</translation>
        </message>
        <message>
            <source>Trainable parameters, e.g. 7e9 for a 7B model.</source>
            <translation>可训练参数量，例如 7B 模型填 7e9。</translation>
        </message>
        <message>
            <source>Tokens per sample</source>
            <translation>每样本 token 数</translation>
        </message>
        <message>
            <source>FLOPs per sample</source>
            <translation>每样本 FLOPs</translation>
        </message>
        <message>
            <source>0 uses 6 × parameters × tokens (forward and backward).</source>
            <translation>填 0 表示按 6 × 参数量 × token 数计算（前向加反向）。</translation>
        </message>
        <message>
            <source>Dataset size (samples)</source>
            <translation>数据集大小（样本数）</translation>
        </message>
        <message>
            <source>Drop the last partial batch</source>
            <translation>丢弃最后不完整的批次</translation>
        </message>
        <message>
            <source>Micro-batch per GPU</source>
            <translation>每 GPU 微批大小</translation>
        </message>
        <message>
            <source>Gradient accumulation</source>
            <translation>梯度累积步数</translation>
        </message>
        <message>
            <source>Micro-steps per optimizer step; used when the target batch is 0.</source>
            <translation>每个优化器步包含的微步数；目标全局批大小为 0 时使用。</translation>
        </message>
        <message>
            <source>Target global batch</source>
            <translation>目标全局批大小</translation>
        </message>
        <message>
            <source>Above 0: the accumulation is solved to reach this effective batch.</source>
            <translation>大于 0 时，自动求出达到该有效批大小所需的累积步数。</translation>
        </message>
        <message>
            <source>Base learning rate</source>
            <translation>基准学习率</translation>
        </message>
        <message>
            <source>The learning rate known to work at the reference batch.</source>
            <translation>在参考批大小下验证可用的学习率。</translation>
        </message>
        <message>
            <source>Reference batch</source>
            <translation>参考批大小</translation>
        </message>
        <message>
            <source>LR scaling rule</source>
            <translation>学习率缩放规则</translation>
        </message>
        <message>
            <source>Scale warmup with the batch</source>
            <translation>预热步数随批大小缩放</translation>
        </message>
        <message>
            <source>Warmup steps</source>
            <translation>预热步数</translation>
        </message>
        <message>
            <source>Total steps</source>
            <translation>总步数</translation>
        </message>
        <message>
            <source>Used when epochs is 0.</source>
            <translation>轮数为 0 时使用。</translation>
        </message>
        <message>
            <source>Epochs</source>
            <translation>训练轮数</translation>
        </message>
        <message>
            <source>Above 0: total steps = epochs × steps per epoch.</source>
            <translation>大于 0 时，总步数 = 轮数 × 每轮步数。</translation>
        </message>
        <message>
            <source>ZeRO stage</source>
            <translation>ZeRO 阶段</translation>
        </message>
        <message>
            <source>Offload optimizer to CPU</source>
            <translation>将优化器卸载到 CPU</translation>
        </message>
        <message>
            <source>Precision</source>
            <translation>精度</translation>
        </message>
        <message>
            <source>Model FLOPs utilisation</source>
            <translation>模型算力利用率 (MFU)</translation>
        </message>
        <message>
            <source>The share of the GPU's peak the compute time assumes (0–1).</source>
            <translation>计算时间估算所假设的 GPU 峰值算力占比（0–1）。</translation>
        </message>
        <message>
            <source>Checkpoint every (steps)</source>
            <translation>检查点间隔（步）</translation>
        </message>
        <message>
            <source>0: no checkpoints.</source>
            <translation>0 表示不保存检查点。</translation>
        </message>
        <message>
            <source>Validate every (steps)</source>
            <translation>验证间隔（步）</translation>
        </message>
        <message>
            <source>0: no validation.</source>
            <translation>0 表示不做验证。</translation>
        </message>
        <message>
            <source>Target platform</source>
            <translation>目标平台</translation>
        </message>
        <message>
            <source>Job name</source>
            <translation>作业名称</translation>
        </message>
        <message>
            <source>Container image</source>
            <translation>容器镜像</translation>
        </message>
        <message>
            <source>Namespace</source>
            <translation>命名空间</translation>
        </message>
        <message>
            <source>Workload command</source>
            <translation>训练命令</translation>
        </message>
        <message>
            <source>Your training command; empty runs traindeck-trainer.</source>
            <translation>你的训练命令；留空则运行 traindeck-trainer。</translation>
        </message>
        <message>
            <source>Rendezvous port</source>
            <translation>集合点端口</translation>
        </message>
        <message>
            <source>Collective timeout (s)</source>
            <translation>集合通信超时（秒）</translation>
        </message>
        <message>
            <source>Set where the framework reads it (e.g. torch init_process_group timeout).</source>
            <translation>设置在框架真正读取的位置（例如 torch 的 init_process_group timeout）。</translation>
        </message>
        <message>
            <source>The whole job's process count as written in your accelerate config; 0 derives it.</source>
            <translation>你的 accelerate 配置中整个作业的进程总数；填 0 则自动推算。</translation>
        </message>
        <message>
            <source>Cluster</source>
            <translation>集群</translation>
        </message>
        <message>
            <source>Model and data</source>
            <translation>模型与数据</translation>
        </message>
        <message>
            <source>Recipe</source>
            <translation>训练配方</translation>
        </message>
        <message>
            <source>Platform and workload</source>
            <translation>平台与任务</translation>
        </message>
        <message>
            <source>Advanced</source>
            <translation>高级</translation>
        </message>
        <message>
            <source>How many machines, how many GPUs in each, and what connects them.</source>
            <translation>使用几台机器、每台几块 GPU，以及机器之间用什么网络连接。</translation>
        </message>
        <message>
            <source>The model's size and the data it trains on.</source>
            <translation>模型规模和训练数据。</translation>
        </message>
        <message>
            <source>Batch, learning rate and schedule. The learning rate is rescaled for the effective batch.</source>
            <translation>批大小、学习率与调度。学习率会按有效批大小重新缩放。</translation>
        </message>
        <message>
            <source>Where the job runs and what it runs.</source>
            <translation>作业在哪里运行、运行什么。</translation>
        </message>
        <message>
            <source>Assumptions of the estimate.</source>
            <translation>估算所依据的假设。</translation>
        </message>
        <message>
            <source>Linear (LR grows with the batch)</source>
            <translation>线性（学习率随批大小增长）</translation>
        </message>
        <message>
            <source>Square root</source>
            <translation>平方根</translation>
        </message>
        <message>
            <source>None (keep the base LR)</source>
            <translation>不缩放（保持基准学习率）</translation>
        </message>
        <message>
            <source>0: plain data parallel</source>
            <translation>0：普通数据并行</translation>
        </message>
        <message>
            <source>1: shard optimizer state</source>
            <translation>1：切分优化器状态</translation>
        </message>
        <message>
            <source>2: shard optimizer state and gradients</source>
            <translation>2：切分优化器状态和梯度</translation>
        </message>
        <message>
            <source>3: shard everything, parameters too</source>
            <translation>3：全部切分，包括参数</translation>
        </message>
        <message>
            <source>Custom</source>
            <translation>自定义</translation>
        </message>
        <message>
            <source>Plain SSH</source>
            <translation>普通 SSH</translation>
        </message>
        <message>
            <source>A name for this plan; the file name is chosen when saving.</source>
            <translation>本计划的名称；文件名在保存时选择。</translation>
        </message>
        <message>
            <source>Sets the memory, peak speed and NVLink bandwidth the estimate uses.</source>
            <translation>决定估算所用的显存、峰值算力和 NVLink 带宽。</translation>
        </message>
        <message>
            <source>The bandwidth each node has to the others; the gradient all-reduce across nodes runs over it.</source>
            <translation>每个节点与其他节点之间的带宽；跨节点的梯度 all-reduce 走这条网络。</translation>
        </message>
        <message>
            <source>For your reference; the estimate does not use it.</source>
            <translation>仅供参考，估算不使用它。</translation>
        </message>
        <message>
            <source>Tokens one sample feeds through the model (sequence length).</source>
            <translation>一个样本送入模型的 token 数（序列长度）。</translation>
        </message>
        <message>
            <source>Memory the activations of one sample hold at the peak of backward.</source>
            <translation>反向计算峰值时一个样本的激活所占显存。</translation>
        </message>
        <message>
            <source>Samples in one epoch; gives the steps per epoch.</source>
            <translation>一轮的样本数，用于计算每轮步数。</translation>
        </message>
        <message>
            <source>As the data loader's drop_last: steps per epoch round down instead of up.</source>
            <translation>即数据加载器的 drop_last：每轮步数向下取整而不是向上取整。</translation>
        </message>
        <message>
            <source>Samples each GPU processes per forward and backward pass.</source>
            <translation>每块 GPU 每次前向和反向处理的样本数。</translation>
        </message>
        <message>
            <source>The effective batch the base learning rate was tuned at.</source>
            <translation>基准学习率调好时所用的有效批大小。</translation>
        </message>
        <message>
            <source>How the learning rate follows the effective batch: in proportion, with its square root, or not at all.</source>
            <translation>学习率如何随有效批大小变化：成正比、按平方根，或不变。</translation>
        </message>
        <message>
            <source>Keep the warmup's samples constant: fewer warmup steps as the batch grows.</source>
            <translation>保持预热阶段的样本数不变：批越大，预热步数越少。</translation>
        </message>
        <message>
            <source>Steps of linear warmup at the reference batch, before the cosine decay.</source>
            <translation>参考批大小下线性预热的步数，之后进入余弦衰减。</translation>
        </message>
        <message>
            <source>DeepSpeed ZeRO: what is sharded across GPUs to save memory.</source>
            <translation>DeepSpeed ZeRO：把哪些状态切分到各 GPU 上以节省显存。</translation>
        </message>
        <message>
            <source>Keep the optimizer state in CPU memory (needs ZeRO).</source>
            <translation>把优化器状态放在 CPU 内存中（需要 ZeRO）。</translation>
        </message>
        <message>
            <source>The number format of training; sets the bytes per parameter and gradient.</source>
            <translation>训练所用的数值格式，决定每个参数和梯度占用的字节数。</translation>
        </message>
        <message>
            <source>CUDA context, NCCL buffers and allocator slack, beyond model states and activations.</source>
            <translation>模型状态和激活之外的显存：CUDA 上下文、NCCL 缓冲区和分配器余量。</translation>
        </message>
        <message>
            <source>Where the job is launched; decides which variables carry the ranks.</source>
            <translation>作业在哪里启动；决定由哪些环境变量传递 rank。</translation>
        </message>
        <message>
            <source>The job's name on the platform; Kubernetes allows lower-case letters, digits and '-'.</source>
            <translation>作业在平台上的名称；Kubernetes 只允许小写字母、数字和“-”。</translation>
        </message>
        <message>
            <source>The image every node runs (Kubernetes, PyTorchJob, PAI-DLC).</source>
            <translation>每个节点运行的镜像（Kubernetes、PyTorchJob、PAI-DLC）。</translation>
        </message>
        <message>
            <source>The Kubernetes namespace of the job.</source>
            <translation>作业所在的 Kubernetes 命名空间。</translation>
        </message>
        <message>
            <source>The port on node 0 where the nodes meet (MASTER_PORT).</source>
            <translation>各节点在 0 号节点上汇合的端口（MASTER_PORT）。</translation>
        </message>
        <message>
            <source>Hosts</source>
            <translation>主机</translation>
        </message>
        <message>
            <source>Where the Launch page and the ssh files start the nodes: one per node, node 0 first, [user@]host[:port] or an ssh alias, separated by commas.</source>
            <translation>“启动运行”页面和 ssh 文件启动各节点的位置：每个节点一个，节点 0 在前，写作 [user@]host[:port] 或 ssh 别名，用逗号分隔。</translation>
        </message>
        <message>
            <source>Compared layouts</source>
            <translation>对比布局</translation>
        </message>
        <message>
            <source>Layouts shown beside the plan's own, NODESxGPUS separated by commas: 1x8,2x8,8x8.</source>
            <translation>与计划自身布局并排显示的布局，格式为 节点数x每节点GPU数，用逗号分隔：1x8,2x8,8x8。</translation>
        </message>
        <message>
            <source>Measured speeds</source>
            <translation>实测速度</translation>
        </message>
        <message>
            <source>Architecture</source>
            <translation>架构</translation>
        </message>
        <message>
            <source>The model's architecture (from --hf-config or --model): its parameters, FLOPs and activation memory follow from it. Empty: enter parameters and activation memory yourself.</source>
            <translation>模型的架构（来自 --hf-config 或 --model）：参数量、FLOPs 和激活内存都由它得出。留空：自行填写参数量和激活内存。</translation>
        </message>
        <message>
            <source>Activation checkpointing</source>
            <translation>激活检查点</translation>
        </message>
        <message>
            <source>none keeps every activation; selective recomputes attention's scores; full keeps only each block's input and recomputes the block in backward (about 1/3 more compute).</source>
            <translation>none 保留全部激活；selective 重算注意力分数；full 只保留每个块的输入，在反向时重算该块（约多 1/3 计算量）。</translation>
        </message>
        <message>
            <source>Flash attention</source>
            <translation>Flash 注意力</translation>
        </message>
        <message>
            <source>Attention that keeps no sequence × sequence scores (PyTorch's SDPA picks it by default).</source>
            <translation>不保存“序列 × 序列”分数矩阵的注意力实现（PyTorch 的 SDPA 默认选用）。</translation>
        </message>
        <message>
            <source>Clip frames</source>
            <translation>片段帧数</translation>
        </message>
        <message>
            <source>Frames of one video sample; the trainer trains on clips of this size.</source>
            <translation>一个视频样本的帧数；训练器按此尺寸的片段训练。</translation>
        </message>
        <message>
            <source>Clip height</source>
            <translation>片段高度</translation>
        </message>
        <message>
            <source>Pixels; a multiple of 8.</source>
            <translation>像素；8 的倍数。</translation>
        </message>
        <message>
            <source>Clip width</source>
            <translation>片段宽度</translation>
        </message>
        <message>
            <source>FSDP sharding</source>
            <translation>FSDP 分片</translation>
        </message>
        <message>
            <source>PyTorch FSDP instead of ZeRO: full_shard shards weights, gradients and optimizer; shard_grad_op keeps the weights gathered from forward to backward; hybrid_shard shards within each node.</source>
            <translation>用 PyTorch FSDP 代替 ZeRO：full_shard 对权重、梯度和优化器状态分片；shard_grad_op 在前向到反向之间保持权重已汇集；hybrid_shard 只在每个节点内分片。</translation>
        </message>
        <message>
            <source>Processes per node</source>
            <translation>每节点进程</translation>
        </message>
        <message>
            <source>single: the command starts its own processes (torchrun, accelerate launch); per-gpu: TrainDeck starts the command once per GPU with torchrun's variables (RANK, LOCAL_RANK, WORLD_SIZE, ...).</source>
            <translation>single：命令自行启动进程（torchrun、accelerate launch）；per-gpu：TrainDeck 为每块 GPU 启动一次命令，并设置 torchrun 的变量（RANK、LOCAL_RANK、WORLD_SIZE 等）。</translation>
        </message>
        <message>
            <source>None</source>
            <translation>无</translation>
        </message>
        <message>
            <source>Selective (attention scores)</source>
            <translation>选择性（注意力分数）</translation>
        </message>
        <message>
            <source>Full (each block)</source>
            <translation>完全（每个块）</translation>
        </message>
        <message>
            <source>Once per node (the command starts its processes)</source>
            <translation>每节点一次（由命令启动其进程）</translation>
        </message>
        <message>
            <source>Once per GPU (TrainDeck starts them, as torchrun)</source>
            <translation>每块 GPU 一次（由 TrainDeck 启动，如同 torchrun）</translation>
        </message>
        <message>
            <source>Activation memory per sample (GiB)</source>
            <translation>每样本激活显存 (GiB)</translation>
        </message>
        <message>
            <source>Memory overhead per GPU (GiB)</source>
            <translation>每 GPU 额外显存开销 (GiB)</translation>
        </message>
        <message>
            <source>GPUs to use on each host</source>
            <translation>每台主机使用的 GPU</translation>
        </message>
        <message>
            <source>GPU indices each SSH node runs on (its CUDA_VISIBLE_DEVICES), as many as GPUs per node: 0,1,2,3 runs a 4-GPU plan on an 8-GPU machine. Empty: all of the node's GPUs.</source>
            <translation>每个 SSH 节点使用的 GPU 编号（即其 CUDA_VISIBLE_DEVICES），个数与每节点 GPU 数相同：0,1,2,3 表示在 8 卡机器上运行 4 卡的计划。留空：使用节点的全部 GPU。</translation>
        </message>
        <message>
            <source>Checkpoint folder</source>
            <translation>检查点文件夹</translation>
        </message>
        <message>
            <source>Where the job writes its checkpoints, an absolute path on the nodes (the trainer's --checkpoint-dir, {checkpoint_dir} in your command). Empty: a place that outlives the pod or node: the first mounted volume claim (Kubernetes, PyTorchJob), the job's submit folder (SLURM); PAI-DLC and SSH need a path.</source>
            <translation>作业写入检查点的位置，节点上的绝对路径（即训练器的 --checkpoint-dir，你的命令中的 {checkpoint_dir}）。留空：使用比 pod 或节点存活更久的位置：第一个挂载的存储卷声明（Kubernetes、PyTorchJob）、作业的提交文件夹（SLURM）；PAI-DLC 和 SSH 需要指定路径。</translation>
        </message>
        <message>
            <source>Cloud</source>
            <translation>云</translation>
        </message>
        <message>
            <source>The cloud whose prices the cost uses (traindeck prices lists them: aws, gcp, azure, lambda, alibaba, or your own); empty: no cost unless a price per GPU-hour is set.</source>
            <translation>计算费用所用的云（traindeck prices 会列出：aws、gcp、azure、lambda、alibaba，或你自己的）；留空：除非设置了每 GPU 小时价格，否则不计算费用。</translation>
        </message>
        <message>
            <source>Region</source>
            <translation>区域</translation>
        </message>
        <message>
            <source>The cloud's region; empty: its cheapest region for the GPU.</source>
            <translation>云的区域；留空：该云中此 GPU 最便宜的区域。</translation>
        </message>
        <message>
            <source>Spot price</source>
            <translation>竞价价格</translation>
        </message>
        <message>
            <source>Price the GPUs at the spot (preemptible) price instead of on-demand.</source>
            <translation>按竞价（可抢占）价格而非按需价格计算 GPU 费用。</translation>
        </message>
        <message>
            <source>Price per GPU-hour</source>
            <translation>每 GPU 小时价格</translation>
        </message>
        <message>
            <source>Your own price, which wins over the catalogue; 0: the catalogue's.</source>
            <translation>你自己的价格，优先于价格目录；0：使用目录价格。</translation>
        </message>
        <message>
            <source>Currency</source>
            <translation>币种</translation>
        </message>
        <message>
            <source>Of your own price and budget (USD, CNY, ...); empty: the cloud's, else USD.</source>
            <translation>你自己的价格和预算所用的币种（USD、CNY……）；留空：云的币种，否则为 USD。</translation>
        </message>
        <message>
            <source>Most nodes</source>
            <translation>最多节点数</translation>
        </message>
        <message>
            <source>The most nodes a deadline or budget may choose.</source>
            <translation>截止时间或预算可选用的最多节点数。</translation>
        </message>
        <message>
            <source>Deadline</source>
            <translation>截止时间</translation>
        </message>
        <message>
            <source>Finish within 36h, 90m, 2d, or by a date and time (2026-11-30T09:00, UTC): the cheapest layout that does is chosen.</source>
            <translation>在 36h、90m、2d 内完成，或在某个日期时间前完成（2026-11-30T09:00，UTC）：选出能按时完成的最便宜布局。</translation>
        </message>
        <message>
            <source>Budget</source>
            <translation>预算</translation>
        </message>
        <message>
            <source>The most the run may cost: the fastest layout within it is chosen; 0: none.</source>
            <translation>整个训练最多可花费的金额：选出预算内最快的布局；0：不限。</translation>
        </message>
        <message>
            <source>Across GPU types and clouds</source>
            <translation>跨 GPU 型号和云</translation>
        </message>
        <message>
            <source>A deadline or budget also tries the catalogue's other GPU types and clouds.</source>
            <translation>截止时间或预算也尝试价格目录中的其他 GPU 型号和云。</translation>
        </message>
        <message>
            <source>Samples per validation</source>
            <translation>每次验证的样本数</translation>
        </message>
        <message>
            <source>Held-out samples one validation reads; its time counts in the time to finish.</source>
            <translation>每次验证读取的留出样本数；其耗时计入完成时间。</translation>
        </message>
        <message>
            <source>Checkpoint write speed (GB/s)</source>
            <translation>检查点写入速度（GB/s）</translation>
        </message>
        <message>
            <source>How fast a checkpoint (weights and optimizer states) reaches storage; its write time counts in the time to finish.</source>
            <translation>检查点（权重和优化器状态）写入存储的速度；写入时间计入完成时间。</translation>
        </message>
        <message>
            <source>Speeds measured on a layout, which refit the model: 1x8=0.9steps/s, 2x8=115samples/s or 2x8=1.1s/step, separated by commas; after '@' the workload it ran (1x1=22.8samples/s@micro=8:seq=1024:ckpt=full), else the plan as it stands.</source>
            <translation>在某个布局上测得的速度，用于重新拟合模型：1x8=0.9steps/s、2x8=115samples/s 或 2x8=1.1s/step，以逗号分隔；'@' 后写明测量时的工作负载（1x1=22.8samples/s@micro=8:seq=1024:ckpt=full），否则按计划当前的设置。</translation>
        </message>
        <message>
            <source>Slurm partition</source>
            <translation>Slurm 分区</translation>
        </message>
        <message>
            <source>The partition the Slurm job queues in; empty: the cluster's default.</source>
            <translation>Slurm 作业排队的分区；留空：集群默认分区。</translation>
        </message>
        <message>
            <source>Slurm account</source>
            <translation>Slurm 账户</translation>
        </message>
        <message>
            <source>The account the Slurm job is charged to; empty: your default account.</source>
            <translation>Slurm 作业记账的账户；留空：你的默认账户。</translation>
        </message>
        <message>
            <source>Slurm QOS</source>
            <translation>Slurm QOS</translation>
        </message>
        <message>
            <source>The Slurm quality of service; empty: the account's default.</source>
            <translation>Slurm 服务质量（QOS）；留空：账户的默认值。</translation>
        </message>
        <message>
            <source>Slurm time limit</source>
            <translation>Slurm 时限</translation>
        </message>
        <message>
            <source>The job's time limit as sbatch --time takes it ("2-00:00:00", "90"); empty: the partition's default.</source>
            <translation>作业时限，格式同 sbatch --time（“2-00:00:00”、“90”）；留空：分区的默认值。</translation>
        </message>
        <message>
            <source>More sbatch options</source>
            <translation>更多 sbatch 选项</translation>
        </message>
        <message>
            <source>More #SBATCH lines for the job, separated by commas: --constraint=h100, --mail-type=END.</source>
            <translation>作业的更多 #SBATCH 行，用逗号分隔：--constraint=h100, --mail-type=END。</translation>
        </message>
        <message>
            <source>Processes (accelerate config)</source>
            <translation>进程数（accelerate 配置）</translation>
        </message>
    </context>
    <context>
        <name>FieldSections</name>
        <message>
            <source>None (your own price)</source>
            <translation>无（用您自己的价格）</translation>
        </message>
    </context>
    <context>
        <name>Files</name>
        <message>
            <source>%1: cannot write: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
        <message>
            <source>%1: write failed: %2</source>
            <translation>写入 %1 失败：%2</translation>
        </message>
        <message>
            <source>%1: cannot replace: %2</source>
            <translation>无法替换 %1：%2</translation>
        </message>
    </context>
    <context>
        <name>FindingTexts</name>
        <message>
            <source>%1: %2 GPUs per node, but %3 nodes have %4: local ranks %5–%6 would ask for CUDA devices that do not exist ('invalid device ordinal')</source>
            <translation>%1：每节点 %2 块 GPU，但 %3 节点只有 %4 块：本地 rank %5–%6 会请求不存在的 CUDA 设备（invalid device ordinal）</translation>
        </message>
        <message>
            <source>%1: the effective batch is %2 but the LR %3 was tuned at batch %4 and is not rescaled</source>
            <translation>%1：有效批大小为 %2，但学习率 %3 是在批大小 %4 下调好的，且没有重新缩放</translation>
        </message>
        <message>
            <source>%1: the dataset of %2 samples is smaller than one batch of %3</source>
            <translation>%1：数据集只有 %2 个样本，不足一个批次（%3）</translation>
        </message>
        <message>
            <source>%1: the dataset of %2 samples is smaller than one batch of %3, and drop_last drops it: no step would run</source>
            <translation>%1：数据集只有 %2 个样本，不足一个批次（%3），且 drop_last 会将其丢弃：一步也不会运行</translation>
        </message>
        <message>
            <source>%1: warmup (%2 steps) lasts the whole run (%3 steps): the LR never reaches its peak</source>
            <translation>%1：预热（%2 步）贯穿整个训练（%3 步）：学习率永远达不到峰值</translation>
        </message>
        <message>
            <source>%1: scaling efficiency %2%: the gradient all-reduce (%3 s) is not hidden behind backward</source>
            <translation>%1：扩展效率 %2%：梯度 all-reduce（%3 秒）没有被反向计算掩盖</translation>
        </message>
        <message>
            <source>optimizer offload is a ZeRO feature: DeepSpeed ignores offload_optimizer at stage 0</source>
            <translation>优化器卸载是 ZeRO 的功能：ZeRO 阶段 0 时 DeepSpeed 会忽略 offload_optimizer</translation>
        </message>
        <message>
            <source>accelerate's num_processes is %1 but the job has %2 × %3 = %4 processes</source>
            <translation>accelerate 的 num_processes 为 %1，但作业共有 %2 × %3 = %4 个进程</translation>
        </message>
        <message>
            <source>accelerate's num_processes is %1 but the job has %2 × %3 = %4 processes: num_processes counts the whole job's processes, not one node's</source>
            <translation>accelerate 的 num_processes 为 %1，但作业共有 %2 × %3 = %4 个进程：num_processes 是整个作业的进程数，而不是单个节点的</translation>
        </message>
        <message>
            <source>%1 has no effect: NCCL reads no NCCL_TIMEOUT; the collective timeout belongs to the framework</source>
            <translation>%1 不起作用：NCCL 不读取 NCCL_TIMEOUT；集合通信超时由训练框架设置</translation>
        </message>
        <message>
            <source>%1 has no effect: PyTorch renamed it %2 (2.2); the old name is ignored</source>
            <translation>%1 不起作用：PyTorch 2.2 已将其改名为 %2，旧名称会被忽略</translation>
        </message>
        <message>
            <source>%1 has no effect: PyTorch reads no such variable</source>
            <translation>%1 不起作用：PyTorch 不读取这个变量</translation>
        </message>
        <message>
            <source>DeepSpeed requires train_batch_size = micro × accumulation × world: %1 = %2 × %3 × %4; the generated configs set all three together</source>
            <translation>DeepSpeed 要求 train_batch_size = 微批 × 累积步数 × GPU 总数：%1 = %2 × %3 × %4；生成的配置会同时设置这三项</translation>
        </message>
        <message>
            <source>use at most %1 GPUs per node</source>
            <translation>每节点最多使用 %1 块 GPU</translation>
        </message>
        <message>
            <source>use %1 nodes × %2 GPUs (the same %3 GPUs)</source>
            <translation>改用 %1 个节点 × %2 块 GPU（同样是 %3 块 GPU）</translation>
        </message>
        <message>
            <source>set the global batch to %1 (accumulation %2)</source>
            <translation>将全局批大小设为 %1（累积 %2 步）</translation>
        </message>
        <message>
            <source>lower the micro-batch and raise accumulation, or use a higher ZeRO stage</source>
            <translation>减小微批并增加累积步数，或使用更高的 ZeRO 阶段</translation>
        </message>
        <message>
            <source>use the linear rule (LR %1) or the square-root rule (LR %2)</source>
            <translation>使用线性规则（学习率 %1）或平方根规则（学习率 %2）</translation>
        </message>
        <message>
            <source>use a smaller batch or fewer GPUs</source>
            <translation>使用更小的批大小或更少的 GPU</translation>
        </message>
        <message>
            <source>shorten the warmup to a few percent of the run</source>
            <translation>把预热缩短到训练总步数的百分之几</translation>
        </message>
        <message>
            <source>raise the micro-batch or accumulation so each step computes longer, or use a faster network</source>
            <translation>增大微批或累积步数，让每步计算更久；或使用更快的网络</translation>
        </message>
        <message>
            <source>use ZeRO stage 2 with offload, or turn offload off</source>
            <translation>使用 ZeRO 阶段 2 配合卸载，或关闭卸载</translation>
        </message>
        <message>
            <source>set num_processes to %1 (num_machines %2)</source>
            <translation>将 num_processes 设为 %1（num_machines 为 %2）</translation>
        </message>
        <message>
            <source>remove it and set launch.comm_timeout_s, which TrainDeck passes to the framework (torch.distributed.init_process_group(timeout=...), DeepSpeed's timeout)</source>
            <translation>删除它，改为设置 launch.comm_timeout_s，TrainDeck 会把它传给训练框架（torch.distributed.init_process_group(timeout=...)、DeepSpeed 的 timeout）</translation>
        </message>
        <message>
            <source>rename it to %1</source>
            <translation>改名为 %1</translation>
        </message>
        <message>
            <source>set launch.comm_timeout_s instead</source>
            <translation>改为设置 launch.comm_timeout_s</translation>
        </message>
        <message>
            <source>; the largest micro-batch that fits is %1</source>
            <translation>；能放下的最大微批次为 %1</translation>
        </message>
        <message>
            <source>; not even micro-batch 1 fits</source>
            <translation>；连微批次 1 也放不下</translation>
        </message>
        <message>
            <source>the sequence of %1 tokens is longer than the %2 positions the model's config allows (max_position_embeddings)</source>
            <translation>序列长度 %1 个 token 超过了模型配置允许的 %2 个位置（max_position_embeddings）</translation>
        </message>
        <message>
            <source>use sequences of at most %1 tokens</source>
            <translation>使用不超过 %1 个 token 的序列</translation>
        </message>
        <message>
            <source>no micro-batch, checkpointing or sharding fits: use more GPUs, CPU offload or a smaller model</source>
            <translation>没有哪种微批次、检查点与分片的组合能放下：请使用更多 GPU、CPU 卸载或更小的模型</translation>
        </message>
        <message>
            <source>ZeRO stage %1</source>
            <translation>ZeRO 阶段 %1</translation>
        </message>
        <message>
            <source>FSDP full_shard</source>
            <translation>FSDP full_shard</translation>
        </message>
        <message>
            <source>micro-batch %1 × accumulation %2 (keeps batch %3)</source>
            <translation>微批次 %1 × 累积 %2（批次仍为 %3）</translation>
        </message>
        <message>
            <source>use %1</source>
            <translation>使用 %1</translation>
        </message>
        <message>
            <source>use %1 and %2</source>
            <translation>使用 %1 和 %2</translation>
        </message>
        <message>
            <source>use %1, %2 and %3</source>
            <translation>使用 %1、%2 和 %3</translation>
        </message>
        <message>
            <source>%1: needs %2 GiB per GPU, more than the %3 GiB of a %4</source>
            <translation>%1：每 GPU 需要 %2 GiB，超过 %4 的 %3 GiB</translation>
        </message>
        <message>
            <source>%1: then %2 GiB per GPU and %3 s per step</source>
            <translation>%1：之后每 GPU %2 GiB，每步 %3 秒</translation>
        </message>
        <message>
            <source>%1: needs %2 GiB of the card's %3 GiB: little room for fragmentation or longer samples</source>
            <translation>%1：需要 %2 GiB，显卡共 %3 GiB，几乎没有余量应对显存碎片或更长的样本</translation>
        </message>
        <message>
            <source>full activation checkpointing</source>
            <translation>完整激活检查点</translation>
        </message>
        <message>
            <source>selective activation checkpointing</source>
            <translation>选择性激活检查点</translation>
        </message>
        <message>
            <source>%1: no micro-batch × accumulation on %3 GPUs makes the global batch %2; the run would use %4, and DeepSpeed refuses to start unless train_batch_size = micro × accumulation × world</source>
            <translation>%1：在 %3 块 GPU 上，没有任何 微批 × 累积 能得到全局批大小 %2；实际会用 %4，而 DeepSpeed 要求 train_batch_size = 微批 × 累积 × GPU 总数，否则拒绝启动</translation>
        </message>
        <message>
            <source>%1: no micro-batch × accumulation on %3 GPUs makes the global batch %2; the run would use %4</source>
            <translation>%1：在 %3 块 GPU 上，没有任何 微批 × 累积 能得到全局批大小 %2；实际会用 %4</translation>
        </message>
        <message>
            <source>a checkpoint write takes about %1 s (%2 GB at %3 GB/s) and the collective timeout is %4 s: the ranks that wait in the next collective while it is written are aborted by NCCL's watchdog ('collective operation timeout') once the write outlasts it</source>
            <translation>一次检查点写入约需 %1 秒（%2 GB，速度 %3 GB/s），而集合通信超时为 %4 秒：写入期间在下一次集合通信中等待的各个 rank，一旦写入超过超时时间，就会被 NCCL 看门狗中止（collective operation timeout）</translation>
        </message>
        <message>
            <source>raise the collective timeout to %1 s (twice the write), or write sharded checkpoints (torch.distributed.checkpoint) to faster storage</source>
            <translation>将集合通信超时提高到 %1 秒（写入时间的两倍），或把分片检查点（torch.distributed.checkpoint）写到更快的存储</translation>
        </message>
    </context>
    <context>
        <name>Findings</name>
        <message>
            <source>More GPUs per node than the node has</source>
            <translation>每节点 GPU 数超过节点实际数量</translation>
        </message>
        <message>
            <source>Does not fit in GPU memory</source>
            <translation>显存放不下</translation>
        </message>
        <message>
            <source>GPU memory nearly full</source>
            <translation>显存接近用满</translation>
        </message>
        <message>
            <source>Learning rate not rescaled for the batch</source>
            <translation>学习率未按批大小重新缩放</translation>
        </message>
        <message>
            <source>Dataset smaller than one batch</source>
            <translation>数据集比一个批次还小</translation>
        </message>
        <message>
            <source>Warmup lasts the whole run</source>
            <translation>预热贯穿整个训练</translation>
        </message>
        <message>
            <source>Poor scaling: communication not hidden</source>
            <translation>扩展效率低：通信未被计算掩盖</translation>
        </message>
        <message>
            <source>Optimizer offload needs ZeRO</source>
            <translation>优化器卸载需要 ZeRO</translation>
        </message>
        <message>
            <source>accelerate num_processes does not match the job</source>
            <translation>accelerate 的 num_processes 与作业不符</translation>
        </message>
        <message>
            <source>Environment variable has no effect</source>
            <translation>环境变量不起作用</translation>
        </message>
        <message>
            <source>DeepSpeed batch rule</source>
            <translation>DeepSpeed 批大小规则</translation>
        </message>
        <message>
            <source>Target batch not reachable exactly</source>
            <translation>无法精确达到目标批大小</translation>
        </message>
        <message>
            <source>the measurement %1 fits the fitted model badly: it predicts %2 samples/s there (%3)</source>
            <translation>测量值 %1 与拟合出的模型相差较大：模型在此处预测 %2 样本/秒（%3）</translation>
        </message>
        <message>
            <source>check that the run had the plan's model, micro-batch and precision and was measured after warm-up; or remove the point</source>
            <translation>请确认该次运行使用了计划的模型、微批次和精度，并在预热之后测量；或删除该测量点</translation>
        </message>
        <message>
            <source>%1: exposed communication is %2 of the %3 s step: the figures rest on the model's network assumptions (rings, the node's NICs shared by its GPUs)</source>
            <translation>%1：暴露的通信占 %3 秒一步中的 %2：这些数字依赖模型对网络的假设（环形通信、节点的网卡由其 GPU 共享）</translation>
        </message>
        <message>
            <source>raise the work per step (micro-batch, accumulation), use a faster network or fewer nodes, and calibrate on a multi-node run</source>
            <translation>增加每步的工作量（微批次、梯度累积），使用更快的网络或更少的节点，并用一次多节点运行来校准</translation>
        </message>
        <message>
            <source>Communication dominates the step</source>
            <translation>通信占据了大部分步时</translation>
        </message>
        <message>
            <source>A measurement fits the model badly</source>
            <translation>某个测量值与模型拟合很差</translation>
        </message>
        <message>
            <source>Sequence longer than the model allows</source>
            <translation>序列长于模型允许的长度</translation>
        </message>
        <message>
            <source>Checkpoint write longer than the collective timeout allows</source>
            <translation>检查点写入时间超出集合通信超时所能等待的范围</translation>
        </message>
        <message>
            <source>Sooner, but costs more to finish</source>
            <translation>更快完成，但总费用更高</translation>
        </message>
        <message>
            <source>A layout that is cheaper and sooner</source>
            <translation>有更便宜且更快的布局</translation>
        </message>
        <message>
            <source>A measurement of another model or GPU</source>
            <translation>来自其他模型或 GPU 的测量</translation>
        </message>
        <message>
            <source>the measurement %1 is not used: %2</source>
            <translation>测量 %1 未被采用：%2</translation>
        </message>
        <message>
            <source>remove the point, or measure the plan's model on the plan's GPU type</source>
            <translation>删除该测量点，或在计划所用的 GPU 型号上测量计划的模型</translation>
        </message>
        <message>
            <source>The host bounds the step</source>
            <translation>步时受主机所限</translation>
        </message>
        <message>
            <source>%1: eager PyTorch takes %2 ms to issue a micro-step's operators and the GPU %3 ms to run them: the GPUs wait for the host, and the step follows the host's speed, which differs between machines and from run to run</source>
            <translation>%1：eager PyTorch 下发一个微步的算子要 %2 ms，GPU 执行它们只需 %3 ms：GPU 在等主机，步时随主机（CPU）的快慢而变，而主机快慢因机器而异，每次运行也不同</translation>
        </message>
        <message>
            <source>use %1: %2 s per step instead of %3 s</source>
            <translation>改用%1：每步 %2 s，而不是 %3 s</translation>
        </message>
        <message>
            <source>give each GPU more work per micro-step (a larger micro-batch, or fewer GPUs for the same batch) or issue fewer operators (torch.compile, CUDA graphs); a run that records its host time (traindeck_metrics' host_s) calibrates this host's speed</source>
            <translation>让每张 GPU 每个微步多做些工作（更大的微批次，或用更少的 GPU 跑同样的批次），或减少下发的算子（torch.compile、CUDA Graphs）；一次记录了主机时间的运行（traindeck_metrics 的 host_s）可以校准这台主机的速度</translation>
        </message>
        <message>
            <source>Model read as a Llama-like decoder</source>
            <translation>模型按类 Llama 解码器读取</translation>
        </message>
        <message>
            <source>compare the parameter count with the model's card; where they differ, correct the architecture's items (model.architecture) or give the parameter count</source>
            <translation>将参数量与模型卡对比；如有出入，请修正架构条目（model.architecture）或直接给出参数量</translation>
        </message>
    </context>
    <context>
        <name>Formulas</name>
        <message>
            <source>gradient all-reduce, ring on NVLink then ring across nodes, each GPU's 1/g share on 1/g of the node's NICs: 2(g−1)/g × bytes / NVLink + 2(n−1)/n × bytes / node network</source>
            <translation>梯度全归约，先在节点内以 NVLink 环形归约，再跨节点环形归约，每块 GPU 以节点网卡的 1/g 传送自己的 1/g 份额：2(g−1)/g × 字节数 / NVLink + 2(n−1)/n × 字节数 / 节点网络</translation>
        </message>
        <message>
            <source>ZeRO-3: reduce-scatter of gradients + 2 parameter all-gathers per micro-step (forward and backward), each half a ring all-reduce's volume, same rings as the gradients</source>
            <translation>ZeRO-3：梯度的归约-分散 + 每个微步 2 次参数全收集（前向和反向），每次的数据量为一次环形全归约的一半，走与梯度相同的环</translation>
        </message>
        <message>
            <source>max(0, communication − compute) + (1 − overlap) × min(communication, window) + latency × collectives</source>
            <translation>max(0, 通信 − 计算) + (1 − 重叠比例) × min(通信, 窗口) + 延迟 × 集合通信次数</translation>
        </message>
        <message>
            <source>max(0, communication − backward window) + (1 − overlap) × min(communication, window) + latency × collectives</source>
            <translation>max(0, 通信 − 反向窗口) + (1 − 重叠比例) × min(通信, 窗口) + 延迟 × 集合通信次数</translation>
        </message>
        <message>
            <source>micro × world × accumulation</source>
            <translation>微批 × GPU 总数 × 累积步数</translation>
        </message>
        <message>
            <source>base LR × batch / base batch</source>
            <translation>基准学习率 × 批大小 / 参考批大小</translation>
        </message>
        <message>
            <source>base LR × √(batch / base batch)</source>
            <translation>基准学习率 × √(批大小 / 参考批大小)</translation>
        </message>
        <message>
            <source>base LR (no scaling rule)</source>
            <translation>基准学习率（不缩放）</translation>
        </message>
        <message>
            <source>round(warmup × base batch / batch)</source>
            <translation>round(预热步数 × 参考批大小 / 批大小)</translation>
        </message>
        <message>
            <source>warmup (not scaled)</source>
            <translation>预热步数（不缩放）</translation>
        </message>
        <message>
            <source>⌊dataset / batch⌋ (drop_last)</source>
            <translation>⌊数据集大小 / 批大小⌋（drop_last）</translation>
        </message>
        <message>
            <source>⌈dataset / batch⌉</source>
            <translation>⌈数据集大小 / 批大小⌉</translation>
        </message>
        <message>
            <source>⌈epochs × steps per epoch⌉</source>
            <translation>⌈轮数 × 每轮步数⌉</translation>
        </message>
        <message>
            <source>steps as planned</source>
            <translation>计划的总步数</translation>
        </message>
        <message>
            <source>1 / step time</source>
            <translation>1 / 单步耗时</translation>
        </message>
        <message>
            <source>batch / step time</source>
            <translation>批大小 / 单步耗时</translation>
        </message>
        <message>
            <source>hours × world</source>
            <translation>小时数 × GPU 总数</translation>
        </message>
        <message>
            <source>(samples/s per GPU) / (same on one node of %1)</source>
            <translation>(每 GPU 样本/秒) / (%1 块 GPU 单节点时的同一值)</translation>
        </message>
        <message>
            <source>compute (ZeRO-3 prefetches under the whole step)</source>
            <translation>计算时间（ZeRO-3 在整个步骤中预取）</translation>
        </message>
        <message>
            <source>backward of the last micro-step: compute / accumulation × 2/3</source>
            <translation>最后一个微步的反向：计算 / 累积 × 2/3</translation>
        </message>
        <message>
            <source>6 × parameters × tokens (+ 2 × parameters × tokens recomputed)</source>
            <translation>6 × 参数量 × token 数（重算时再加 2 × 参数量 × token 数）</translation>
        </message>
        <message>
            <source>6 × Σ conv (in × out × k² / scale²) × pixels (forward and backward)</source>
            <translation>6 × Σ 卷积（输入 × 输出 × k² / 缩放²）× 像素数（前向与反向）</translation>
        </message>
        <message>
            <source>each layer's 16-bit input and activation input, per token</source>
            <translation>每层的 16 位输入和激活函数输入，按 token 计</translation>
        </message>
        <message>
            <source>per token per layer %1·h + %2·q + %3·kv + top_k × (%4·h + %5·I) bytes (saved tensors, Korthikanti et al. 2022 for this block)</source>
            <translation>每 token 每层 %1·h + %2·q + %3·kv + top_k × (%4·h + %5·I) 字节（保存的张量，按 Korthikanti 等 2022 的方法分析此块）</translation>
        </message>
        <message>
            <source>per token per layer %1·h + %2·q + %3·kv + %6·I bytes (saved tensors, Korthikanti et al. 2022 for this block)</source>
            <translation>每 token 每层 %1·h + %2·q + %3·kv + %6·I 字节（保存的张量，按 Korthikanti 等 2022 的方法分析此块）</translation>
        </message>
        <message>
            <source>at the start of backward</source>
            <translation>在反向开始时</translation>
        </message>
        <message>
            <source>in the last block's backward</source>
            <translation>在最后一个块的反向中</translation>
        </message>
        <message>
            <source>at the end of backward</source>
            <translation>在反向结束时</translation>
        </message>
        <message>
            <source>at the optimizer step</source>
            <translation>在优化器步骤时</translation>
        </message>
        <message>
            <source>peak of the step (%1): weights + gradients + optimizer + activations + logits + overhead, the larger of backward's start (all activations, no gradients yet) and its end (all gradients, no activations)</source>
            <translation>一步中的峰值（%1）：权重 + 梯度 + 优化器 + 激活 + 输出分数（logits） + 开销，取反向开始时（全部激活、尚无梯度）与结束时（全部梯度、无激活）中较大者</translation>
        </message>
        <message>
            <source>(6 + 2·recomputed) × block matrix weights × s + 6 × output layer × s + (12 + 4·recomputed) × layers × s² × heads·head_dim (forward 2 per weight per token and 4·s·d per token for attention; backward twice that)</source>
            <translation>(6 + 2·重算) × 块内矩阵权重 × s + 6 × 输出层 × s + (12 + 4·重算) × 层数 × s² × 头数·头维度（前向每个权重每 token 2 次、注意力每 token 4·s·d；反向为其两倍）</translation>
        </message>
        <message>
            <source>executed FLOPs per sample (forward × %1, backward × %2) × micro × accumulation / (peak × MFU)</source>
            <translation>每样本实际执行的 FLOPs（前向 × %1，反向 × %2）× 微批 × 累积步数 / (峰值算力 × MFU)</translation>
        </message>
        <message>
            <source>(accumulation × elementwise bytes per micro-step + AdamW's (2·w + g + 2·o) bytes per parameter / shards) / (bandwidth × %1)</source>
            <translation>(累积步数 × 每微步逐元素内核读写字节 + AdamW 每参数 (2·w + g + 2·o) 字节 / 分片数) / (显存带宽 × %1)</translation>
        </message>
        <message>
            <source>accumulation × eager PyTorch's issue time per micro-step (fixed + blocks × per block × autocast × recomputation)</source>
            <translation>累积步数 × eager 模式 PyTorch 每微步下发算子的主机时间（固定部分 + 块数 × 每块 × autocast × 重算）</translation>
        </message>
        <message>
            <source>accumulation × ((host issue)³ + (compute + elementwise traffic)³)^⅓ per micro-step + optimizer traffic + exposed communication</source>
            <translation>累积步数 × ((主机下发)³ + (计算 + 逐元素读写)³)^⅓（每微步）+ 优化器读写 + 未被掩盖的通信</translation>
        </message>
        <message>
            <source>steps × step time</source>
            <translation>步数 × 步时</translation>
        </message>
        <message>
            <source>⌊steps / eval every⌋ × eval samples / batch × (step − exposed comm) × ⅓ (forward only)</source>
            <translation>⌊步数 / 验证间隔⌋ × 验证样本数 / 批量 × (步时 − 暴露通信) × ⅓（仅前向）</translation>
        </message>
        <message>
            <source>⌊steps / checkpoint every⌋ × parameters × (w + o) bytes / write speed</source>
            <translation>⌊步数 / 检查点间隔⌋ × 参数量 × (w + o) 字节 / 写入速度</translation>
        </message>
        <message>
            <source>training + evaluations + checkpoint writes</source>
            <translation>训练 + 验证 + 检查点写入</translation>
        </message>
        <message>
            <source>shard_grad_op: reduce-scatter of gradients + 1 parameter all-gather per micro-step (kept from forward to backward), each half a ring all-reduce's volume, same rings as the gradients</source>
            <translation>shard_grad_op：梯度的归约-分散 + 每个微步 1 次参数全收集（从前向保留到反向），每次的数据量为一次环形全归约的一半，走与梯度相同的环</translation>
        </message>
        <message>
            <source>the root's parameters gathered before the first block and their gradients reduce-scattered after the last</source>
            <translation>根模块的参数在第一个块之前全收集，其梯度在最后一个块之后归约-分散</translation>
        </message>
        <message>
            <source>the last bucket (the input embedding's gradient) all-reduced after backward</source>
            <translation>最后一个桶（输入嵌入的梯度）在反向结束后才做全归约</translation>
        </message>
        <message>
            <source>tail + max(0, communication − tail − window) + (1 − overlap) × min(communication − tail, window) + latency × collectives</source>
            <translation>尾部 + max(0, 通信 − 尾部 − 窗口) + (1 − 重叠比例) × min(通信 − 尾部, 窗口) + 延迟 × 集合通信次数</translation>
        </message>
        <message>
            <source>accumulation × (((host issue)³ + (compute + elementwise traffic − experts between synchronisations)³)^⅓ + experts between synchronisations) per micro-step + optimizer traffic + exposed communication</source>
            <translation>累积步数 × (((主机下发)³ + (计算 + 逐元素读写 − 两次同步之间的专家计算)³)^⅓ + 两次同步之间的专家计算)（每微步）+ 优化器读写 + 未被掩盖的通信</translation>
        </message>
        <message>
            <source>⌊steps / eval every⌋ × eval samples / batch × (step − exposed comm) / the run's evaluation speed over its training speed</source>
            <translation>⌊步数 / 验证间隔⌋ × 验证样本数 / 批量 × (步时 − 暴露通信) / 该运行的验证速度与训练速度之比</translation>
        </message>
        <message>
            <source>⌊steps / checkpoint every⌋ × parameters × (w + o) bytes / the run's write speed</source>
            <translation>⌊步数 / 检查点间隔⌋ × 参数量 × (w + o) 字节 / 该运行实测的写入速度</translation>
        </message>
    </context>
    <context>
        <name>GenerateCommand</name>
        <message>
            <source>the plan has errors, nothing written: %1 (run 'traindeck plan' for all findings)</source>
            <translation>计划有错误，未写入任何文件：%1（运行 traindeck plan 查看全部发现）</translation>
        </message>
        <message>
            <source>skipping %1: %2</source>
            <translation>跳过 %1：%2</translation>
        </message>
        <message>
            <source>unknown target '%1' (targets: %2all)</source>
            <translation>未知目标“%1”（可选目标：%2all）</translation>
        </message>
        <message>
            <source>--mount needs CLAIM:/path[:ro], got '%1'</source>
            <translation>--mount 需要 CLAIM:/路径[:ro]，收到的是“%1”</translation>
        </message>
        <message>
            <source>--secret-env needs VAR=SECRET:KEY (a Kubernetes Secret and its key), got '%1'</source>
            <translation>--secret-env 需要 VAR=SECRET:KEY（Kubernetes Secret 及其键），收到的是“%1”</translation>
        </message>
        <message>
            <source>Usage: traindeck generate [PLAN.yaml] --target T[,T...]|all --out DIR [OPTIONS]</source>
            <translation>用法：traindeck generate [PLAN.yaml] --target T[,T...]|all --out 文件夹 [选项]</translation>
        </message>
        <message>
            <source>Targets:</source>
            <translation>目标：</translation>
        </message>
        <message>
            <source>Command template placeholders (--command):</source>
            <translation>命令模板占位符（--command）：</translation>
        </message>
        <message>
            <source>--retries needs a whole number from 0 to 100, got '%1'</source>
            <translation>--retries 需要 0 到 100 之间的整数，收到的是“%1”</translation>
        </message>
        <message>
            <source>--target is required (k8s, pytorchjob, pai, slurm, ssh, accelerate, deepspeed or all)</source>
            <translation>必须给出 --target（k8s、pytorchjob、pai、slurm、ssh、accelerate、deepspeed 或 all）</translation>
        </message>
        <message>
            <source>--out DIR is required</source>
            <translation>必须给出 --out 文件夹</translation>
        </message>
        <message>
            <source>wrote %1</source>
            <translation>已写入 %1</translation>
        </message>
        <message>
            <source>Writes the launch files of a plan. Without PLAN.yaml the built-in demo plan is used; plan flags override the file. Existing files are kept unless --force is given. --target all writes every target it can and names each one it skips, and why.</source>
            <translation>写出计划的启动文件。不给 PLAN.yaml 时使用内置的演示计划；计划参数覆盖文件中的值。已有文件保留不动，除非给出 --force。--target all 写出所有能写的目标，并逐一说明跳过了哪些目标及原因。</translation>
        </message>
        <message>
            <source>cannot write %1, nothing written: %2</source>
            <translation>无法写出 %1，什么都没写：%2</translation>
        </message>
        <message>
            <source>no target could be written, nothing written</source>
            <translation>没有能写出的目标，什么都没写</translation>
        </message>
        <message>
            <source>error in compared layout %1, not the one generated (%2): %3</source>
            <translation>对比布局 %1（不是生成的布局 %2）有错误：%3</translation>
        </message>
        <message>
            <source>warning, written into the files as a comment: %1</source>
            <translation>警告（已作为注释写入文件）：%1</translation>
        </message>
        <message>
            <source>note: %1</source>
            <translation>提示：%1</translation>
        </message>
        <message>
            <source>--pai-priority needs a whole number from 1 to 9, got '%1'</source>
            <translation>--pai-priority 需要 1 到 9 的整数，得到的是 '%1'</translation>
        </message>
        <message>
            <source>0 written; 1 written, but a compared layout has an error finding; 2 nothing written (bad input, errors in the plan's own layout, or a target named in --target that cannot be written).</source>
            <translation>0 已写入；1 已写入，但某个对比布局有错误级别的发现；2 什么都没写（输入有误、计划自身布局有错误，或 --target 中点名的目标无法写出）。</translation>
        </message>
    </context>
    <context>
        <name>GenerateErrors</name>
        <message>
            <source>environment variable name '%1' is not valid: use letters, digits and '_', not starting with a digit</source>
            <translation>环境变量名“%1”无效：只能使用字母、数字和“_”，且不能以数字开头</translation>
        </message>
        <message>
            <source>environment variable %1 is set by the entrypoint for each node and cannot be overridden</source>
            <translation>环境变量 %1 由入口脚本为每个节点设置，不能覆盖</translation>
        </message>
        <message>
            <source>environment variable %1 holds a NUL byte, which no environment can carry</source>
            <translation>环境变量 %1 含有 NUL 字节，任何环境都无法传递</translation>
        </message>
        <message>
            <source>secret variable name '%1' is not a valid environment name</source>
            <translation>密钥变量名“%1”不是有效的环境变量名</translation>
        </message>
        <message>
            <source>secret variable %1 would override a variable the entrypoint sets</source>
            <translation>密钥变量 %1 会覆盖入口脚本设置的变量</translation>
        </message>
        <message>
            <source>variable %1 is given both as a secret and as a plain value</source>
            <translation>变量 %1 同时作为密钥和普通值给出</translation>
        </message>
        <message>
            <source>the job name and command cannot hold NUL bytes</source>
            <translation>作业名称和训练命令不能含有 NUL 字节</translation>
        </message>
        <message>
            <source>retries must be 0 or more</source>
            <translation>重试次数不能小于 0</translation>
        </message>
        <message>
            <source>job name '%1' is not a valid Kubernetes name: use lowercase letters, digits and '-', starting with a letter and ending with a letter or digit (DNS-1035 label)</source>
            <translation>作业名称“%1”不是有效的 Kubernetes 名称：只能使用小写字母、数字和“-”，以字母开头，以字母或数字结尾（DNS-1035 标签）</translation>
        </message>
        <message>
            <source>job name '%1' is too long for Kubernetes: pod hostnames add '%2' and must fit 63 characters, so at most %3 characters</source>
            <translation>作业名称“%1”对 Kubernetes 来说太长：Pod 主机名会在其后加上“%2”，且总长不能超过 63 个字符，因此作业名称最多 %3 个字符</translation>
        </message>
        <message>
            <source>%1 '%2' is not a valid Kubernetes name: at most 63 lowercase letters, digits and '-', starting and ending with a letter or digit (DNS-1123 label)</source>
            <translation>%1“%2”不是有效的 Kubernetes 名称：最多 63 个小写字母、数字或“-”，以字母或数字开头和结尾（DNS-1123 标签）</translation>
        </message>
        <message>
            <source>%1 '%2' is not a valid Kubernetes name: lowercase letters, digits, '-' and '.', at most 253 characters (DNS-1123 subdomain)</source>
            <translation>%1“%2”不是有效的 Kubernetes 名称：只能使用小写字母、数字、“-”和“.”，最多 253 个字符（DNS-1123 子域名）</translation>
        </message>
        <message>
            <source>image '%1' is not a valid image reference: it must be non-empty, without spaces or control characters</source>
            <translation>容器镜像“%1”不是有效的镜像引用：不能为空，也不能含空格或控制字符</translation>
        </message>
        <message>
            <source>queue '%1' is not a valid Kubernetes label value (Kueue queue name): at most 63 of letters, digits, '-', '_', '.', starting and ending alphanumeric</source>
            <translation>队列“%1”不是有效的 Kubernetes 标签值（Kueue 队列名）：最多 63 个字母、数字、“-”、“_”或“.”，以字母或数字开头和结尾</translation>
        </message>
        <message>
            <source>/dev/shm size '%1' is not a Kubernetes quantity (e.g. 64Gi)</source>
            <translation>/dev/shm 大小“%1”不是 Kubernetes 数量格式（例如 64Gi）</translation>
        </message>
        <message>
            <source>mount path '%1' must be an absolute path without spaces, ':' or control characters</source>
            <translation>挂载路径“%1”必须是绝对路径，且不能含空格、“:”或控制字符</translation>
        </message>
        <message>
            <source>mount path %1 is used by TrainDeck itself</source>
            <translation>挂载路径 %1 已被 TrainDeck 自身占用</translation>
        </message>
        <message>
            <source>secret key '%1' is not valid: use letters, digits, '-', '_', '.'</source>
            <translation>Secret 键“%1”无效：只能使用字母、数字、“-”、“_”和“.”</translation>
        </message>
        <message>
            <source>PAI-DLC priority %1 must be from 1 to 9</source>
            <translation>PAI-DLC 优先级 %1 必须在 1 到 9 之间</translation>
        </message>
        <message>
            <source>PAI-DLC resource id '%1' is not an id</source>
            <translation>PAI-DLC 资源 ID“%1”不是有效的 ID</translation>
        </message>
        <message>
            <source>SLURM %1 '%2' may only hold letters, digits, '-', '_', '.' and ':'</source>
            <translation>SLURM %1“%2”只能包含字母、数字、“-”、“_”、“.”和“:”</translation>
        </message>
        <message>
            <source>host '%1' is not a host name or address, [user@]host[:port]</source>
            <translation>主机“%1”不是有效的主机名或地址，应为 [user@]host[:port]</translation>
        </message>
        <message>
            <source>command template: unknown placeholder {%1} (known: %2)</source>
            <translation>训练命令模板：未知的占位符 {%1}（可用：%2）</translation>
        </message>
        <message>
            <source>environment variable %1 looks like a secret and would be written in plain text: pass it by reference with --secret-env %1=SECRET:KEY</source>
            <translation>环境变量 %1 看起来是密钥，会以明文写入文件：请改用 --secret-env %1=SECRET:KEY 以引用方式传入</translation>
        </message>
        <message>
            <source>the job needs a name (%1)</source>
            <translation>作业需要名称（%1）</translation>
        </message>
        <message>
            <source>optimizer offload needs ZeRO stage 1 or more (%1)</source>
            <translation>优化器卸载需要 ZeRO 阶段 1 或更高（%1）</translation>
        </message>
        <message>
            <source>needs the ECS instance type of a node (%1)</source>
            <translation>需要节点的 ECS 实例规格（%1）</translation>
        </message>
        <message>
            <source>needs the PAI workspace of the job (%1)</source>
            <translation>需要作业所在的 PAI 工作空间（%1）</translation>
        </message>
        <message>
            <source>needs one host per node (%1), node 0 first: %2</source>
            <translation>需要每个节点一个主机（共 %1 个），0 号节点在前：%2</translation>
        </message>
        <message>
            <source>PAI-DLC needs the ECS instance type of a node (%1), e.g. %2 (got '%3')</source>
            <translation>PAI-DLC 需要节点的 ECS 实例规格（%1），例如 %2（输入的是“%3”）</translation>
        </message>
        <message>
            <source>PAI-DLC needs the ID of the workspace the job runs in (%1), e.g. %2 (got '%3')</source>
            <translation>PAI-DLC 需要作业所在工作空间的 ID（%1），例如 %2（输入的是“%3”）</translation>
        </message>
        <message>
            <source>SSH needs one host per node, node 0 first: %1 gave %2 for %3 nodes</source>
            <translation>SSH 需要每个节点一个主机，0 号节点在前：%1 给了 %2 个主机，但有 %3 个节点</translation>
        </message>
        <message>
            <source>PAI-DLC jobs cannot take %1 (%2): CreateJob has no reference to a secret store, and a value in the job is plain text; set it in the PAI workspace instead</source>
            <translation>PAI-DLC 任务不能使用 %1（%2）：CreateJob 无法引用密钥存储，写进任务的值是明文；请改在 PAI 工作空间中设置</translation>
        </message>
        <message>
            <source>PAI-DLC takes either an ECS instance type (%1, pay-as-you-go) or a resource quota (%2), not both</source>
            <translation>PAI-DLC 要么用 ECS 实例规格（%1，按量付费），要么用资源配额（%2），不能两者都给</translation>
        </message>
        <message>
            <source>%1 per-gpu needs your command in %2: traindeck-trainer starts its own process per GPU</source>
            <translation>%1 为 per-gpu 时需要在 %2 中填写你的命令：traindeck-trainer 会自行为每块 GPU 启动进程</translation>
        </message>
        <message>
            <source>the plan shards with FSDP (%1 %2), which DeepSpeed does not run: use the accelerate config, or a ZeRO stage (%3) instead of FSDP</source>
            <translation>该计划用 FSDP 切分（%1 %2），DeepSpeed 不支持 FSDP：请使用 accelerate 配置，或改用 ZeRO 阶段（%3）代替 FSDP</translation>
        </message>
        <message>
            <source>the command names {checkpoint_dir}, but %1</source>
            <translation>命令中用到了 {checkpoint_dir}，但%1</translation>
        </message>
        <message>
            <source>dlc submit --envs cannot carry a checkpoint folder with a comma: '%1'</source>
            <translation>dlc submit 的 --envs 无法传递含逗号的检查点文件夹：“%1”</translation>
        </message>
        <message>
            <source>the model '%1' is not one of traindeck-trainer's presets (tiny, base, large): set %2 to the command that trains it, or choose a preset</source>
            <translation>模型“%1”不是 traindeck-trainer 的预设（tiny、base、large）：请把 %2 设为训练它的命令，或选择一个预设</translation>
        </message>
    </context>
    <context>
        <name>GenerateNotes</name>
        <message>
            <source>MASTER_ADDR is %1: the HostName of the ssh alias %2 in the ssh configuration</source>
            <translation>MASTER_ADDR 为 %1：ssh 配置中 ssh 别名 %2 的 HostName</translation>
        </message>
        <message>
            <source>MASTER_ADDR is %1: node 0 (%2) without its ssh user and port</source>
            <translation>MASTER_ADDR 为 %1：节点 0（%2）去掉 ssh 用户名和端口</translation>
        </message>
        <message>
            <source>PAI-DLC in resource quota %1: only pai-create-job.json (CreateJob, each node asking %2 GPUs of the quota); dlc submit has no form for it</source>
            <translation>PAI-DLC 使用资源配额 %1：只生成 pai-create-job.json（CreateJob，每个节点向配额申请 %2 块 GPU）；dlc submit 没有对应的写法</translation>
        </message>
        <message>
            <source>PAI-DLC: pai-submit.sh (dlc submit) cannot carry %1: only pai-create-job.json restarts the job (AIMaster, up to %2 times)</source>
            <translation>PAI-DLC：pai-submit.sh（dlc submit）无法表达 %1：只有 pai-create-job.json 会重启任务（AIMaster，最多 %2 次）</translation>
        </message>
        <message>
            <source>some nodes use another ssh port: pdsh and DeepSpeed read it from %1 (PDSH_SSH_ARGS_APPEND="-F %1"), launch-ssh.sh by itself</source>
            <translation>部分节点使用其他 ssh 端口：pdsh 和 DeepSpeed 从 %1 读取（PDSH_SSH_ARGS_APPEND="-F %1"），launch-ssh.sh 自行处理</translation>
        </message>
        <message>
            <source>checkpoints every %1 steps go to %2, on volume claim %3</source>
            <translation>每 %1 步的检查点写入 %2，位于存储卷声明 %3 上</translation>
        </message>
        <message>
            <source>checkpoints go to %1, which is on no mounted volume claim: they are lost with the pod (mount one with %2)</source>
            <translation>检查点写入 %1，它不在任何已挂载的存储卷声明上：pod 消失时检查点随之丢失（请用 %2 挂载一个）</translation>
        </message>
        <message>
            <source>checkpoints every %1 steps go to %2</source>
            <translation>每 %1 步的检查点写入 %2</translation>
        </message>
        <message>
            <source>this job writes no checkpoints: no volume claim is mounted (%1 CLAIM:/PATH) and a pod's own disk goes with the pod; mount one, or set %2</source>
            <translation>此作业不会写检查点：没有挂载存储卷声明（%1 CLAIM:/PATH），而 pod 自身的磁盘会随 pod 消失；请挂载一个，或设置 %2</translation>
        </message>
        <message>
            <source>checkpoints every %1 steps go to %2, in the folder the job was submitted from, which every node shares</source>
            <translation>每 %1 步的检查点写入 %2，即作业提交时所在的文件夹，所有节点共享</translation>
        </message>
        <message>
            <source>this job writes no checkpoints: a PAI-DLC node's disk goes with the job; mount OSS or NAS into the job and set %1 to a path on it</source>
            <translation>此作业不会写检查点：PAI-DLC 节点的磁盘会随作业消失；请把 OSS 或 NAS 挂载到作业中，并将 %1 设为其上的路径</translation>
        </message>
        <message>
            <source>this job writes no checkpoints: set %1 to a folder on the nodes (shared by them, to resume after a node is replaced)</source>
            <translation>此作业不会写检查点：请将 %1 设为节点上的文件夹（节点共享的文件夹，才能在更换节点后恢复）</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <source>this job writes no checkpoints: a SkyPilot node's disk goes with the cluster; mount a bucket (file_mounts) and set %1 to a path on it</source>
            <translation>此作业不会写检查点：SkyPilot 节点的磁盘会随集群消失；请挂载一个存储桶（file_mounts），并将 %1 设为其上的路径</translation>
        </message>
    </context>
    <context>
        <name>Launch</name>
        <message>
            <source>--local runs one node on this machine, but the plan has %1 nodes</source>
            <translation>--local 只在本机运行一个节点，但计划有 %1 个节点</translation>
        </message>
        <message>
            <source>the plan has %1 nodes but %2 hosts were given (one per node, node 0 first)</source>
            <translation>计划有 %1 个节点，但给出了 %2 台主机（每个节点一台，节点 0 在前）</translation>
        </message>
        <message>
            <source>host '%1' is not a host name or address, [user@]host[:port]</source>
            <translation>主机“%1”不是主机名或地址，应为 [user@]host[:port]</translation>
        </message>
        <message>
            <source>cannot make the run folder %1: %2</source>
            <translation>无法创建运行目录 %1：%2</translation>
        </message>
        <message>
            <source>connected and authenticated</source>
            <translation>已连接并通过认证</translation>
        </message>
        <message>
            <source>cannot copy the run's files to %1 on %2: %3</source>
            <translation>无法将运行文件复制到 %2 上的 %1：%3</translation>
        </message>
        <message>
            <source>the pre-flight checks could not run on %1: %2</source>
            <translation>无法在 %1 上运行启动前检查：%2</translation>
        </message>
        <message>
            <source>node %1 (%2): nvidia-smi not found, so its GPUs cannot be checked against the plan's %3 per node</source>
            <translation>节点 %1（%2）：未找到 nvidia-smi，因此无法对照计划的每节点 %3 个 GPU 进行检查</translation>
        </message>
        <message>
            <source>node %1 (%2) has %3 GPUs but the plan runs %4 per node: change the plan's GPUs per node or use another host</source>
            <translation>节点 %1（%2）有 %3 个 GPU，但计划每节点使用 %4 个：请修改计划的每节点 GPU 数，或换一台主机</translation>
        </message>
        <message>
            <source>%1 GPUs, as the plan says</source>
            <translation>%1 个 GPU，与计划一致</translation>
        </message>
        <message>
            <source>%1 found</source>
            <translation>已找到 %1</translation>
        </message>
        <message>
            <source>node %1 (%2): %3 is not on the PATH of a non-interactive shell: install it or name it by its full path</source>
            <translation>节点 %1（%2）：非交互式 shell 的 PATH 中没有 %3：请安装它，或写出它的完整路径</translation>
        </message>
        <message>
            <source>port %1 is free</source>
            <translation>端口 %1 空闲</translation>
        </message>
        <message>
            <source>the node's files are in %1</source>
            <translation>节点的文件位于 %1</translation>
        </message>
        <message>
            <source>node %1 (%2): the node's files are missing from %3</source>
            <translation>节点 %1（%2）：%3 中缺少节点的文件</translation>
        </message>
        <message>
            <source>node %1 (%2): %3</source>
            <translation>节点 %1（%2）：%3</translation>
        </message>
        <message>
            <source>connecting</source>
            <translation>连接中</translation>
        </message>
        <message>
            <source>checking</source>
            <translation>检查中</translation>
        </message>
        <message>
            <source>starting</source>
            <translation>启动中</translation>
        </message>
        <message>
            <source>running</source>
            <translation>运行中</translation>
        </message>
        <message>
            <source>stopping</source>
            <translation>停止中</translation>
        </message>
        <message>
            <source>exited</source>
            <translation>已退出</translation>
        </message>
        <message>
            <source>lost</source>
            <translation>失联</translation>
        </message>
        <message>
            <source>node %1 (%2): %3 cannot be made: the folder above it is not writable</source>
            <translation>节点 %1（%2）：无法创建 %3：其上级文件夹不可写</translation>
        </message>
        <message>
            <source>node %1 (%2) %3</source>
            <translation>节点 %1（%2）%3</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <source>node %1 (%2): %3 (reported by rank %4 on node %5)</source>
            <translation>节点 %1（%2）：%3（由节点 %5 上的 rank %4 报告）</translation>
        </message>
        <message>
            <source>ended without an exit status (killed)</source>
            <translation>没有退出状态就结束了（被杀死）</translation>
        </message>
        <message>
            <source>killed (SIG%1)</source>
            <translation>被信号终止（SIG%1）</translation>
        </message>
        <message>
            <source>exited with status %1</source>
            <translation>以状态 %1 退出</translation>
        </message>
        <message>
            <source>%1 GPUs; the plan uses %2 of them: CUDA_VISIBLE_DEVICES=%3</source>
            <translation>%1 个 GPU；计划使用其中 %2 个：CUDA_VISIBLE_DEVICES=%3</translation>
        </message>
        <message>
            <source>the plan has errors, nothing was started: %1</source>
            <translation>计划有错误，没有启动任何内容：%1</translation>
        </message>
        <message>
            <source>node %1 has no host: %2 lists one host per node, node 0 first</source>
            <translation>节点 %1 没有主机：%2 按节点列出主机，每个节点一个，节点 0 在前</translation>
        </message>
        <message>
            <source>not started</source>
            <translation>未启动</translation>
        </message>
        <message>
            <source>traindeck launch submits to Slurm only (--platform slurm); for this platform use 'traindeck generate'</source>
            <translation>traindeck launch 只能提交到 Slurm（--platform slurm）；此平台请用“traindeck generate”</translation>
        </message>
        <message>
            <source>%1 holds no submitted job (no job.json)</source>
            <translation>%1 中没有已提交的作业（没有 job.json）</translation>
        </message>
        <message>
            <source>%1: not a job record: %2</source>
            <translation>%1：不是作业记录：%2</translation>
        </message>
        <message>
            <source>nothing submitted: %1</source>
            <translation>未提交任何作业：%1</translation>
        </message>
        <message>
            <source>%1's job was submitted to %2, not %3</source>
            <translation>%1 的作业提交到了 %2，而不是 %3</translation>
        </message>
        <message>
            <source>cannot open the run folder %1: %2</source>
            <translation>无法打开运行文件夹 %1：%2</translation>
        </message>
        <message>
            <source>job.json not written (--attach will not find job %1): %2</source>
            <translation>未能写入 job.json（--attach 将找不到作业 %1）：%2</translation>
        </message>
        <message>
            <source>%1; first failure: %2</source>
            <translation>%1；最先失败：%2</translation>
        </message>
        <message>
            <source>exited %1</source>
            <translation>已退出 %1</translation>
        </message>
        <message>
            <source>Every node passed the checks: ready to start.</source>
            <translation>所有节点均通过检查：可以启动。</translation>
        </message>
        <message>
            <source>The run completed: every node exited 0.</source>
            <translation>运行完成：所有节点均以 0 退出。</translation>
        </message>
        <message>
            <source>The run was stopped; every node has ended.</source>
            <translation>运行已停止；所有节点均已结束。</translation>
        </message>
        <message>
            <source>Node %1 failed first: %2. Every other node was stopped.</source>
            <translation>节点 %1 最先失败：%2。其他节点均已停止。</translation>
        </message>
        <message>
            <source>Nothing was started: %1</source>
            <translation>未启动任何节点：%1</translation>
        </message>
        <message>
            <source>Nothing was started. Node %1: %2</source>
            <translation>未启动任何节点。节点 %1：%2</translation>
        </message>
        <message>
            <source>completed</source>
            <translation>已完成</translation>
        </message>
        <message>
            <source>interrupted</source>
            <translation>已中断</translation>
        </message>
        <message>
            <source>failed: %1</source>
            <translation>失败：%1</translation>
        </message>
        <message>
            <source>submitted job %1</source>
            <translation>已提交作业 %1</translation>
        </message>
        <message>
            <source>attached to job %1 of run folder %2</source>
            <translation>已接上运行文件夹 %2 的作业 %1</translation>
        </message>
        <message>
            <source>stopping before the job was submitted</source>
            <translation>正在停止（作业尚未提交）</translation>
        </message>
        <message>
            <source>stopping job %1: SIGTERM to its tasks, scancel after %2 s; waiting until Slurm says it ended</source>
            <translation>正在停止作业 %1：向其任务发送 SIGTERM，%2 秒后 scancel；等待 Slurm 报告作业结束</translation>
        </message>
        <message>
            <source>job %1 completed</source>
            <translation>作业 %1 已完成</translation>
        </message>
        <message>
            <source>checked against the cluster; nothing submitted, the files are in %1</source>
            <translation>已对照集群检查；未提交任何作业，文件在 %1 中</translation>
        </message>
        <message>
            <source>job %1 was stopped</source>
            <translation>作业 %1 已停止</translation>
        </message>
        <message>
            <source>job %1 failed: %2</source>
            <translation>作业 %1 失败：%2</translation>
        </message>
        <message>
            <source>stopped (SIG%1)</source>
            <translation>已停止（SIG%1）</translation>
        </message>
        <message>
            <source>stopped</source>
            <translation>已停止</translation>
        </message>
        <message>
            <source>ok   %1: %2</source>
            <translation>通过 %1：%2</translation>
        </message>
        <message>
            <source>FAIL %1: %2</source>
            <translation>失败 %1：%2</translation>
        </message>
        <message>
            <source>node %1 (%2) has %3 GPUs, so it has no GPU %4 of the plan's CUDA_VISIBLE_DEVICES=%5 (%6)</source>
            <translation>节点 %1（%2）有 %3 个 GPU，因此没有计划的 CUDA_VISIBLE_DEVICES=%5（%6）中的 GPU %4</translation>
        </message>
        <message>
            <source>node %1 (%2) has %3 GPUs but the plan runs %4 per node: choose %4 of them with CUDA_VISIBLE_DEVICES (%6 %5), change the plan's GPUs per node, or use another host</source>
            <translation>节点 %1（%2）有 %3 个 GPU，但计划每个节点运行 %4 个：用 CUDA_VISIBLE_DEVICES 选出其中 %4 个（%6 %5），或修改计划的每节点 GPU 数，或换一台主机</translation>
        </message>
        <message>
            <source>node 0 (%1): the master port %2 is in use: choose another (%3) or stop what holds it</source>
            <translation>节点 0（%1）：主端口 %2 已被占用：请换一个端口（%3），或停止占用它的程序</translation>
        </message>
        <message>
            <source>%1 can be made (nothing was copied: %2)</source>
            <translation>可以创建 %1（%2：未复制任何文件）</translation>
        </message>
        <message>
            <source>pre-flight passed, nothing started or copied (%1)</source>
            <translation>启动前检查通过，未启动也未复制任何内容（%1）</translation>
        </message>
        <message>
            <source>node %1 (%2): nvidia-smi not found, so its GPUs cannot be checked against the plan's %3 per node; on a machine without GPUs, CUDA_VISIBLE_DEVICES=%4 runs the plan's %3 processes per node on its CPU (Gloo)</source>
            <translation>节点 %1（%2）：找不到 nvidia-smi，无法对照计划的每节点 %3 个 GPU 检查其 GPU；在没有 GPU 的机器上，CUDA_VISIBLE_DEVICES=%4 可在其 CPU 上运行计划的每节点 %3 个进程（Gloo）</translation>
        </message>
        <message>
            <source>checked against the cluster: it can take this plan; its files are in %1</source>
            <translation>已对照集群检查：集群可以运行此计划；其文件在 %1</translation>
        </message>
        <message>
            <source>job %1 was stopped (Slurm: %2)</source>
            <translation>作业 %1 已停止（Slurm：%2）</translation>
        </message>
        <message>
            <source>the cluster cannot take this plan: %1</source>
            <translation>集群无法运行此计划：%1</translation>
        </message>
        <message>
            <source>nothing submitted: the job of run folder %1 is followed by another launcher (%2); launch into another folder (--run-dir)</source>
            <translation>未提交任何作业：运行文件夹 %1 的作业正由另一个启动器跟踪（%2）；请启动到另一个文件夹（--run-dir）</translation>
        </message>
        <message>
            <source>job %1: the trainer reports: %2</source>
            <translation>作业 %1：训练程序报告：%2</translation>
        </message>
        <message>
            <source>job %1: its output file %2 began again from its start; what follows is read from there</source>
            <translation>作业 %1：其输出文件 %2 从头重新开始；以下内容从文件开头读取</translation>
        </message>
        <message>
            <source>the run folder's hosts file not written: %1</source>
            <translation>未写入运行文件夹的 hosts 文件：%1</translation>
        </message>
        <message>
            <source>job %1 is followed by another launcher (%2): this one only shows it; it copies and records nothing, and leaving it leaves the job running</source>
            <translation>作业 %1 正由另一个启动器跟踪（%2）：本启动器只显示它，不复制也不记录任何内容；离开时作业继续运行</translation>
        </message>
        <message>
            <source>it waited in the queue longer than the pending limit (--pending-timeout) and was cancelled (Slurm: %1)</source>
            <translation>它在队列中等待的时间超过了排队时限（--pending-timeout），已被取消（Slurm：%1）</translation>
        </message>
        <message>
            <source>%1 (Slurm: %2)</source>
            <translation>%1（Slurm：%2）</translation>
        </message>
        <message>
            <source>%1 is set but %2 never uses it, so a stop would save nothing there: pass it to your program as {checkpoint_dir} (e.g. --output-dir {checkpoint_dir}) or read $TRAINDECK_CHECKPOINT_DIR in the command; nothing was started</source>
            <translation>已设置 %1，但 %2 从未用到它，停止时什么也不会保存到那里：在命令中以 {checkpoint_dir} 传给你的程序（例如 --output-dir {checkpoint_dir}），或在命令中读取 $TRAINDECK_CHECKPOINT_DIR；未启动任何内容</translation>
        </message>
        <message>
            <source>%1; checkpoint written: %2</source>
            <translation>%1；检查点已写入：%2</translation>
        </message>
        <message>
            <source>%1; checkpoint of step %2 written</source>
            <translation>%1；已写入第 %2 步的检查点</translation>
        </message>
        <message>
            <source>%1; no checkpoint was reported</source>
            <translation>%1；未报告任何检查点</translation>
        </message>
        <message>
            <source>check failed</source>
            <translation>检查未通过</translation>
        </message>
    </context>
    <context>
        <name>LaunchCommand</name>
        <message>
            <source>Starts every node of a plan over SSH (or the one node of a 1xN plan here), after checking each node; prints each node's lines prefixed by its index; stops all nodes together when one fails or on Ctrl-C (a second Ctrl-C kills).</source>
            <translation>先检查每个节点，再通过 SSH 启动计划的所有节点（1xN 计划的唯一节点也可在本机运行）；输出每个节点的行，行首标出节点编号；任一节点失败或按下 Ctrl-C 时一起停止所有节点（再按一次 Ctrl-C 强制结束）。</translation>
        </message>
        <message>
            <source>give the hosts (--hosts H1,H2,..., one per node, or the plan's launch.hosts) or --local</source>
            <translation>请给出主机（--hosts H1,H2,...，每个节点一个，或计划的 launch.hosts）或 --local</translation>
        </message>
        <message>
            <source>node %1: %2</source>
            <translation>节点 %1：%2</translation>
        </message>
        <message>
            <source>run folder %1</source>
            <translation>运行文件夹 %1</translation>
        </message>
        <message>
            <source>stopping every node (again to kill)</source>
            <translation>正在停止所有节点（再按一次强制结束）</translation>
        </message>
        <message>
            <source>node %1 %2: %3</source>
            <translation>节点 %1（%2）：%3</translation>
        </message>
        <message>
            <source>%1 needs a number from %2 to %3, got '%4'</source>
            <translation>%1 需要 %2 到 %3 之间的数字，输入的是“%4”</translation>
        </message>
        <message>
            <source>Stopping: SIGTERM to every process the node started, SIGKILL after --grace; the same when the launcher's connection drops, goes silent (SSH keepalive, --keepalive) or the launcher is killed. A second Ctrl-C ends the launcher at once. Each node's files are removed from it when its part ends (--dry-run writes nothing there).</source>
            <translation>停止方式：向节点启动的每个进程发送 SIGTERM，超过 --grace 后发送 SIGKILL；启动器的连接断开、失去响应（SSH keepalive，--keepalive）或启动器被杀死时也是如此。第二次 Ctrl-C 会立即结束启动器。节点上的运行文件在该节点结束时删除（--dry-run 不在节点上写入任何内容）。</translation>
        </message>
        <message>
            <source>--command is a template run by each node's bash: plan values ({nodes}, {lr}, ...) are inserted quoted, as data; anything else, $(...) and $VAR included, is the node shell's to expand, on the node.</source>
            <translation>--command 是由每个节点的 bash 运行的模板：计划中的值（{nodes}、{lr} 等）加引号后作为数据插入；其余部分（包括 $(...) 和 $VAR）由节点上的 shell 在节点上展开。</translation>
        </message>
        <message>
            <source>%1: removed %2 run folders left by earlier launches (%3 in use kept)</source>
            <translation>%1：已删除以前的启动留下的 %2 个运行文件夹（保留正在使用的 %3 个）</translation>
        </message>
        <message>
            <source>%1: not cleaned: %2</source>
            <translation>%1：未清理：%2</translation>
        </message>
        <message>
            <source>run folder %1 (attempt %2)</source>
            <translation>运行文件夹 %1（第 %2 次尝试）</translation>
        </message>
        <message>
            <source>Usage: traindeck launch [PLAN.yaml] (--hosts H1,H2,... | --local | --platform slurm) [OPTIONS]
       traindeck launch --attach RUN_FOLDER</source>
            <translation>用法：traindeck launch [PLAN.yaml] (--hosts H1,H2,... | --local | --platform slurm) [选项]
      traindeck launch --attach 运行文件夹</translation>
        </message>
        <message>
            <source>job %1: %2</source>
            <translation>作业 %1：%2</translation>
        </message>
        <message>
            <source>no scheduler named '%1'</source>
            <translation>没有名为“%1”的调度器</translation>
        </message>
        <message>
            <source>left at once; job %1 may still run: scancel %1 cancels it, traindeck launch --attach %2 follows it</source>
            <translation>已立即离开；作业 %1 可能仍在运行：scancel %1 可取消它，traindeck launch --attach %2 可继续跟踪它</translation>
        </message>
        <message>
            <source>With --platform slurm (or the plan's launch.platform) the plan's Slurm files are written into the run folder and submitted with sbatch (partition, account, QOS, time limit and more #SBATCH lines are plan fields); the job is followed (pending and why, running and where, how it ended) and its output copied into the run folder as it grows (traindeck watch RUN shows it live; --follow prints it). Ctrl-C sends SIGTERM to the job's tasks, scancels it after --grace and waits until Slurm says it ended; a second Ctrl-C leaves at once and names the job.</source>
            <translation>使用 --platform slurm（或计划的 launch.platform）时，计划的 Slurm 文件写入运行文件夹并用 sbatch 提交（分区、账户、QOS、时限和更多 #SBATCH 行都是计划字段）；随后跟踪作业（排队及原因、在哪些节点运行、如何结束），并把它的输出随增长复制到运行文件夹（traindeck watch RUN 实时显示；--follow 直接打印）。Ctrl-C 向作业的任务发送 SIGTERM，--grace 之后 scancel，并等到 Slurm 报告作业结束；再按一次 Ctrl-C 立即离开并给出作业号。</translation>
        </message>
        <message>
            <source>0 every node succeeded, or the Slurm job completed (or, with --dry-run, passed the checks); 1 the run or the job failed; 2 bad input, nothing submitted; 3 a host key was unknown or changed, or authentication failed (nothing started); 130/143 stopped by SIGINT/SIGTERM.</source>
            <translation>0 所有节点成功，或 Slurm 作业完成（或使用 --dry-run 时通过了检查）；1 运行或作业失败；2 输入有误，未提交任何作业；3 主机密钥未知或已改变，或认证失败（未启动任何进程）；130/143 被 SIGINT/SIGTERM 停止。</translation>
        </message>
        <message>
            <source>%1 (again to leave at once)</source>
            <translation>%1（再按一次立即离开）</translation>
        </message>
        <message>
            <source>node %1 %2</source>
            <translation>节点 %1 %2</translation>
        </message>
        <message>
            <source>left job %1; it goes on, followed by %2</source>
            <translation>已离开作业 %1；作业继续运行，由 %2 跟踪</translation>
        </message>
    </context>
    <context>
        <name>LayoutRows</name>
        <message>
            <source>GPUs</source>
            <translation>GPU 数</translation>
        </message>
        <message>
            <source>micro × accum</source>
            <translation>微批 × 累积</translation>
        </message>
        <message>
            <source>effective batch</source>
            <translation>有效批量</translation>
        </message>
        <message>
            <source>learning rate</source>
            <translation>学习率</translation>
        </message>
        <message>
            <source>warmup steps</source>
            <translation>预热步数</translation>
        </message>
        <message>
            <source>steps per epoch</source>
            <translation>每轮步数</translation>
        </message>
        <message>
            <source>total steps</source>
            <translation>总步数</translation>
        </message>
        <message>
            <source>memory per GPU</source>
            <translation>每块 GPU 显存</translation>
        </message>
        <message>
            <source>step time</source>
            <translation>每步时间</translation>
        </message>
        <message>
            <source>  compute</source>
            <translation>  计算</translation>
        </message>
        <message>
            <source>  exposed comm</source>
            <translation>  暴露的通信</translation>
        </message>
        <message>
            <source>steps/s</source>
            <translation>步/秒</translation>
        </message>
        <message>
            <source>samples/s</source>
            <translation>样本/秒</translation>
        </message>
        <message>
            <source>time to finish</source>
            <translation>完成用时</translation>
        </message>
        <message>
            <source>  evaluations</source>
            <translation>  验证</translation>
        </message>
        <message>
            <source>  checkpoints</source>
            <translation>  检查点</translation>
        </message>
        <message>
            <source>GPU-hours</source>
            <translation>GPU 时</translation>
        </message>
        <message>
            <source>scaling eff.</source>
            <translation>扩展效率</translation>
        </message>
        <message>
            <source>cost per hour</source>
            <translation>每小时费用</translation>
        </message>
        <message>
            <source>cost to finish</source>
            <translation>完成所需费用</translation>
        </message>
        <message>
            <source>findings</source>
            <translation>检查结果</translation>
        </message>
        <message>
            <source>%1 samples</source>
            <translation>%1 样本</translation>
        </message>
        <message>
            <source>%1 steps</source>
            <translation>%1 步</translation>
        </message>
        <message>
            <source>%1 GiB</source>
            <translation>%1 GiB</translation>
        </message>
        <message>
            <source>%1 s</source>
            <translation>%1 秒</translation>
        </message>
        <message>
            <source>%1 GPU-hours</source>
            <translation>%1 GPU 时</translation>
        </message>
        <message>
            <source>%1 steps/s</source>
            <translation>%1 步/秒</translation>
        </message>
        <message>
            <source>%1 samples/s</source>
            <translation>%1 样本/秒</translation>
        </message>
        <message>
            <source>%1 s/step</source>
            <translation>%1 秒/步</translation>
        </message>
        <message>
            <source>%1 GPUs</source>
            <translation>%1 块 GPU</translation>
        </message>
        <message>
            <source>1 error</source>
            <translation>1 个错误</translation>
        </message>
        <message>
            <source>%1 errors</source>
            <translation>%1 个错误</translation>
        </message>
        <message>
            <source>1 warning</source>
            <translation>1 个警告</translation>
        </message>
        <message>
            <source>%1 warnings</source>
            <translation>%1 个警告</translation>
        </message>
        <message>
            <source>%1, %2</source>
            <translation>%1，%2</translation>
        </message>
        <message>
            <source>No problems</source>
            <translation>没有问题</translation>
        </message>
        <message>
            <source>%1: more GPUs per node than a node has</source>
            <translation>%1：每节点的 GPU 数多于节点实际拥有的</translation>
        </message>
        <message>
            <source>%1 × %2</source>
            <translation>%1 × %2</translation>
        </message>
        <message>
            <source>%1/%2 GiB</source>
            <translation>%1/%2 GiB</translation>
        </message>
        <message>
            <source>%1 ±%2%</source>
            <translation>%1 ±%2%</translation>
        </message>
        <message>
            <source>  expected error</source>
            <translation>  预期误差</translation>
        </message>
        <message>
            <source>ends if run now</source>
            <translation>现在开始则完成于</translation>
        </message>
        <message>
            <source>%1 ms</source>
            <translation>%1 毫秒</translation>
        </message>
        <message>
            <source>%1 ms/step</source>
            <translation>%1 毫秒/步</translation>
        </message>
    </context>
    <context>
        <name>MetricNames</name>
        <message>
            <source>loss</source>
            <translation>损失</translation>
        </message>
        <message>
            <source>PSNR</source>
            <translation>PSNR</translation>
        </message>
        <message>
            <source>learning rate</source>
            <translation>学习率</translation>
        </message>
        <message>
            <source>gradient norm</source>
            <translation>梯度范数</translation>
        </message>
        <message>
            <source>step time</source>
            <translation>步时</translation>
        </message>
        <message>
            <source>communication time</source>
            <translation>通信时间</translation>
        </message>
        <message>
            <source>host time</source>
            <translation>主机时间</translation>
        </message>
        <message>
            <source>samples/s</source>
            <translation>样本/秒</translation>
        </message>
        <message>
            <source>steps/s</source>
            <translation>步/秒</translation>
        </message>
        <message>
            <source>tokens/s</source>
            <translation>词元/秒</translation>
        </message>
        <message>
            <source>GPU memory</source>
            <translation>GPU 显存</translation>
        </message>
        <message>
            <source>evaluation loss</source>
            <translation>评估损失</translation>
        </message>
        <message>
            <source>evaluation PSNR</source>
            <translation>评估 PSNR</translation>
        </message>
        <message>
            <source>epoch</source>
            <translation>轮次</translation>
        </message>
        <message>
            <source>samples seen</source>
            <translation>已见样本数</translation>
        </message>
    </context>
    <context>
        <name>ModelMessages</name>
        <message>
            <source>the architecture's %1 must be a positive size, got %2</source>
            <translation>架构的 %1 必须是正的尺寸，实际为 %2</translation>
        </message>
        <message>
            <source>%1 attention heads cannot be shared by %2 key/value heads</source>
            <translation>%1 个注意力头无法由 %2 个键/值头共享</translation>
        </message>
        <message>
            <source>a mixture of %1 experts needs 1 to %1 experts per token, got %2</source>
            <translation>%1 个专家的混合模型每个 token 需要 1 到 %1 个专家，实际为 %2</translation>
        </message>
        <message>
            <source>the image size %1 is not a multiple of the patch size %2</source>
            <translation>图像尺寸 %1 不是图块尺寸 %2 的倍数</translation>
        </message>
        <message>
            <source>not a config.json: %1</source>
            <translation>不是 config.json：%1</translation>
        </message>
        <message>
            <source>the config has no model_type (known: %1)</source>
            <translation>配置中没有 model_type（已知：%1）</translation>
        </message>
        <message>
            <source>unknown model_type '%1' (known: %2)</source>
            <translation>未知的 model_type“%1”（已知：%2）</translation>
        </message>
        <message>
            <source>the config's %1 has the wrong type</source>
            <translation>配置中 %1 的类型不对</translation>
        </message>
        <message>
            <source>cannot read %1</source>
            <translation>无法读取 %1</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <source>expected a model type and sizes, like 'llama hidden=4096 layers=32 ...'</source>
            <translation>应为模型类型和尺寸，如“llama hidden=4096 layers=32 ...”</translation>
        </message>
        <message>
            <source>unknown model type '%1' (known: %2)</source>
            <translation>未知模型类型“%1”（已知：%2）</translation>
        </message>
        <message>
            <source>expected convolutions as in:out:kernel:scale, got '%1'</source>
            <translation>卷积应写作 in:out:kernel:scale，实际为“%1”</translation>
        </message>
        <message>
            <source>unknown or malformed architecture item '%1'</source>
            <translation>未知或格式错误的架构项“%1”</translation>
        </message>
        <message>
            <source>latent attention needs a rotary part smaller than the head (%1 of %2) and a value head, got %3</source>
            <translation>潜在注意力要求旋转部分小于注意力头（%2 中的 %1），且须有值头，实际为 %3</translation>
        </message>
        <message>
            <source>model_type '%1' is not a family TrainDeck knows; read as a Llama-like decoder: rotary attention, two RMSNorms per block, a gated MLP of intermediate_size%2, biases only where attention_bias or mlp_bias says, embeddings tied only where tie_word_embeddings says</source>
            <translation>model_type '%1' 不是 TrainDeck 认识的模型族；已按类 Llama 解码器读取：旋转位置注意力、每块两个 RMSNorm、宽为 intermediate_size 的门控 MLP%2，仅在 attention_bias 或 mlp_bias 指明时带偏置，仅在 tie_word_embeddings 指明时共享嵌入</translation>
        </message>
        <message>
            <source>unknown model_type '%1' whose architectures name no causal language model (known: %2)</source>
            <translation>未知的 model_type '%1'，其 architectures 中没有因果语言模型（已知：%2）</translation>
        </message>
        <message>
            <source>unknown model_type '%1' without the keys of a decoder (%2 missing; known: %3)</source>
            <translation>未知的 model_type '%1'，缺少解码器所需的键（缺少 %2；已知：%3）</translation>
        </message>
    </context>
    <context>
        <name>Placeholders</name>
        <message>
            <source>node count</source>
            <translation>节点数</translation>
        </message>
        <message>
            <source>GPUs (processes) per node</source>
            <translation>每节点 GPU（进程）数</translation>
        </message>
        <message>
            <source>processes per node (= GPUs per node)</source>
            <translation>每节点进程数（= 每节点 GPU 数）</translation>
        </message>
        <message>
            <source>processes in the whole job</source>
            <translation>整个作业的进程数</translation>
        </message>
        <message>
            <source>accelerate's num_processes: the whole job's</source>
            <translation>accelerate 的 num_processes：整个作业的进程数</translation>
        </message>
        <message>
            <source>samples per GPU per micro-step</source>
            <translation>每块 GPU 每个微步的样本数</translation>
        </message>
        <message>
            <source>gradient accumulation steps</source>
            <translation>梯度累积步数</translation>
        </message>
        <message>
            <source>micro × accumulation × world</source>
            <translation>微批 × 累积 × GPU 总数</translation>
        </message>
        <message>
            <source>peak learning rate after scaling</source>
            <translation>缩放后的峰值学习率</translation>
        </message>
        <message>
            <source>warmup steps</source>
            <translation>预热步数</translation>
        </message>
        <message>
            <source>optimizer steps in the run</source>
            <translation>本次运行的优化器步数</translation>
        </message>
        <message>
            <source>DeepSpeed ZeRO stage</source>
            <translation>DeepSpeed ZeRO 阶段</translation>
        </message>
        <message>
            <source>bf16, fp16 or fp32</source>
            <translation>bf16、fp16 或 fp32</translation>
        </message>
        <message>
            <source>collective timeout, seconds</source>
            <translation>集合通信超时（秒）</translation>
        </message>
        <message>
            <source>the job's name</source>
            <translation>作业名称</translation>
        </message>
        <message>
            <source>this node's index (on the node)</source>
            <translation>本节点的编号（在节点上）</translation>
        </message>
        <message>
            <source>node 0's address (on the node)</source>
            <translation>0 号节点的地址（在节点上）</translation>
        </message>
        <message>
            <source>rendezvous port (on the node; PAI may choose its own)</source>
            <translation>集合点端口（在节点上；PAI 可能自行选择）</translation>
        </message>
        <message>
            <source>directory of the entrypoint and configs (on the node)</source>
            <translation>入口脚本和配置所在的文件夹（在节点上）</translation>
        </message>
        <message>
            <source>path of the generated accelerate config</source>
            <translation>生成的 accelerate 配置的路径</translation>
        </message>
        <message>
            <source>path of the generated DeepSpeed config</source>
            <translation>生成的 DeepSpeed 配置的路径</translation>
        </message>
        <message>
            <source>accelerate launch's config, machine rank and main process address/port</source>
            <translation>accelerate launch 的配置、机器编号和主进程地址/端口</translation>
        </message>
        <message>
            <source>torchrun's node count, processes per node, node rank and master</source>
            <translation>torchrun 的节点数、每节点进程数、节点编号和主节点</translation>
        </message>
        <message>
            <source>steps between checkpoints (0: none)</source>
            <translation>两次检查点之间的步数（0：不写）</translation>
        </message>
        <message>
            <source>the checkpoint folder this platform keeps (on the node)</source>
            <translation>此平台保留的检查点文件夹（在节点上）</translation>
        </message>
        <message>
            <source>steps between evaluations (0: none)</source>
            <translation>两次验证之间的步数（0：不验证）</translation>
        </message>
        <message>
            <source>held-out samples one evaluation reads</source>
            <translation>一次验证读取的留出样本数</translation>
        </message>
    </context>
    <context>
        <name>PlanArguments</name>
        <message>
            <source>only one plan file may be given (got '%1' and '%2')</source>
            <translation>只能给一个计划文件（收到“%1”和“%2”）</translation>
        </message>
        <message>
            <source>%1 needs a value</source>
            <translation>%1 需要一个值</translation>
        </message>
        <message>
            <source>--env needs NAME=VALUE</source>
            <translation>--env 需要 NAME=VALUE</translation>
        </message>
        <message>
            <source>--env needs NAME=VALUE, got '%1'</source>
            <translation>--env 需要 NAME=VALUE，收到的是“%1”</translation>
        </message>
        <message>
            <source>%1 takes no value</source>
            <translation>%1 不带值</translation>
        </message>
        <message>
            <source>unknown option '%1' (see --help)</source>
            <translation>未知选项“%1”（见 --help）</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <source>Plan fields (override the file; booleans also as --no-FLAG):</source>
            <translation>计划字段（覆盖文件中的值；布尔字段也可写成 --no-FLAG）：</translation>
        </message>
        <message>
            <source>%1 (%2): %3</source>
            <translation>%1（%2）：%3</translation>
        </message>
        <message>
            <source>extra environment for every node (repeatable)</source>
            <translation>每个节点额外的环境变量（可重复）</translation>
        </message>
        <message>
            <source>%1 (%2): %3 One of: %4.</source>
            <translation>%1（%2）：%3可选：%4。</translation>
        </message>
        <message>
            <source>the model from a Hugging Face config.json (llama, qwen2, mistral, mixtral, gpt2, vit)</source>
            <translation>从 Hugging Face 的 config.json 读取模型（llama、qwen2、mistral、mixtral、gpt2、vit）</translation>
        </message>
        <message>
            <source>a model of the catalogue: %1</source>
            <translation>模型目录中的模型：%1</translation>
        </message>
        <message>
            <source>the model from a Hugging Face config.json (%1; another decoder is read as Llama-like, with a warning)</source>
            <translation>来自 Hugging Face config.json 的模型（%1；其他解码器按类 Llama 读取，并给出警告）</translation>
        </message>
    </context>
    <context>
        <name>PlanCommand</name>
        <message>
            <source>info</source>
            <translation>提示</translation>
        </message>
        <message>
            <source>warning</source>
            <translation>警告</translation>
        </message>
        <message>
            <source>error</source>
            <translation>错误</translation>
        </message>
        <message>
            <source>Plan '%1': %2 (%3M parameters) on %4, %5 between nodes.</source>
            <translation>计划“%1”：%2（%3M 参数），%4，节点间网络 %5。</translation>
        </message>
        <message>
            <source>Calibrated on %1 measured point(s): MFU %2, overlap %3, latency %4 per collective (%5 fitted, the rest as assumed).</source>
            <translation>按 %1 个实测点校准：MFU %2，重叠 %3，每次集合通信延迟 %4（拟合了 %5 个参数，其余沿用假设）。</translation>
        </message>
        <message>
            <source>Assumed MFU %1; calibrate with %2 for measured figures.</source>
            <translation>假设 MFU 为 %1；用 %2 校准以得到实测数据。</translation>
        </message>
        <message>
            <source>layout</source>
            <translation>布局</translation>
        </message>
        <message>
            <source>%1 (plan)</source>
            <translation>%1（计划）</translation>
        </message>
        <message>
            <source>No findings.</source>
            <translation>没有发现问题。</translation>
        </message>
        <message>
            <source>Findings:</source>
            <translation>发现：</translation>
        </message>
        <message>
            <source>  %1:</source>
            <translation>  %1：</translation>
        </message>
        <message>
            <source>    fix:</source>
            <translation>    修复：</translation>
        </message>
        <message>
            <source>Usage: traindeck plan [PLAN.yaml] [OPTIONS]</source>
            <translation>用法：traindeck plan [PLAN.yaml] [选项]</translation>
        </message>
        <message>
            <source>Prints a plan's derived figures for each layout side by side, and its findings. Without PLAN.yaml the built-in demo plan is used; flags override the file. Texts follow the locale (LANG, LC_ALL, LANGUAGE) or --lang en|zh_CN.</source>
            <translation>并排列出计划在各布局下推算出的数据，以及发现的问题。不给 PLAN.yaml 时使用内置的演示计划；参数覆盖文件中的值。文字语言跟随区域设置（LANG、LC_ALL、LANGUAGE）或 --lang en|zh_CN。</translation>
        </message>
        <message>
            <source>to fit: %1</source>
            <translation>为放进显存：%1</translation>
        </message>
        <message>
            <source>micro-batch %1 × accumulation %2, %3 per step</source>
            <translation>微批 %1 × 累积 %2，每步 %3</translation>
        </message>
        <message>
            <source>%1 %2 on %3: %4</source>
            <translation>%3 上的 %1 %2：%4</translation>
        </message>
        <message>
            <source>… and %1 more (--json lists them)</source>
            <translation>……另有 %1 个（--json 会列出）</translation>
        </message>
        <message>
            <source>warning: %1</source>
            <translation>警告：%1</translation>
        </message>
        <message>
            <source>%1 cannot calibrate this plan: %2</source>
            <translation>%1 无法用于校准此计划：%2</translation>
        </message>
        <message>
            <source>Cannot run, so no figures: %1</source>
            <translation>无法运行，因此没有数据：%1</translation>
        </message>
        <message>
            <source>%1 — %2</source>
            <translation>%1——%2</translation>
        </message>
        <message>
            <source>Step time on %1: %2.</source>
            <translation>%1 的每步时间：%2。</translation>
        </message>
        <message>
            <source>1: an error finding, or a deadline or budget no layout meets (once one is met, errors of the plan's own layout do not count: the choice replaces it); 2: also a goal that cannot be answered: a deadline that cannot be read or has passed, a budget of zero, a cloud, region, GPU or spot price the catalogue lacks, or prices only in another currency.</source>
            <translation>1：有错误级发现，或没有布局能满足截止时间或预算（一旦满足，计划自身布局的错误不再计入：选出的方案取代了它）；2：还包括无法回答的目标：截止时间无法读取或已过、预算为零、价格目录中没有的云、区域、GPU 或竞价价格，或价格只有别的货币。</translation>
        </message>
        <message>
            <source>--budget %1: a budget must be above zero (leave --budget out for none)</source>
            <translation>--budget %1：预算必须大于零（不要预算就不给 --budget）</translation>
        </message>
    </context>
    <context>
        <name>PlanFiles</name>
        <message>
            <source>end of map not found</source>
            <translation>映射没有结束</translation>
        </message>
        <message>
            <source>end of map flow not found</source>
            <translation>花括号 { } 没有闭合</translation>
        </message>
        <message>
            <source>end of sequence not found</source>
            <translation>列表没有结束</translation>
        </message>
        <message>
            <source>end of sequence flow not found</source>
            <translation>方括号 [ ] 没有闭合</translation>
        </message>
        <message>
            <source>illegal map value</source>
            <translation>此处不能出现映射值（可能缩进有误，或多了一个冒号）</translation>
        </message>
        <message>
            <source>illegal map key</source>
            <translation>此处不能出现映射键</translation>
        </message>
        <message>
            <source>illegal block entry</source>
            <translation>此处不能出现列表项（“- ”）</translation>
        </message>
        <message>
            <source>illegal flow end</source>
            <translation>多余的结束括号</translation>
        </message>
        <message>
            <source>illegal EOF in scalar</source>
            <translation>值还没有结束，文件就结束了（可能缺少引号）</translation>
        </message>
        <message>
            <source>illegal character in scalar</source>
            <translation>值中有非法字符</translation>
        </message>
        <message>
            <source>illegal document indicator in scalar</source>
            <translation>值中出现了文档分隔符（--- 或 ...）</translation>
        </message>
        <message>
            <source>illegal tab when looking for indentation</source>
            <translation>缩进中不能使用 Tab，请改用空格</translation>
        </message>
        <message>
            <source>unknown token</source>
            <translation>无法识别的符号</translation>
        </message>
        <message>
            <source>unknown escape character: %1</source>
            <translation>未知的转义字符：%1</translation>
        </message>
        <message>
            <source>invalid unicode: %1</source>
            <translation>无效的 Unicode 字符：%1</translation>
        </message>
        <message>
            <source>bad character found while scanning hex number</source>
            <translation>十六进制数中有非法字符</translation>
        </message>
        <message>
            <source>the referenced anchor is not defined</source>
            <translation>引用的锚点没有定义</translation>
        </message>
        <message>
            <source>alias not found after *</source>
            <translation>“*”后面缺少别名</translation>
        </message>
        <message>
            <source>anchor not found after &amp;</source>
            <translation>“&amp;”后面缺少锚点名</translation>
        </message>
        <message>
            <source>illegal character found while scanning alias</source>
            <translation>别名中有非法字符</translation>
        </message>
        <message>
            <source>illegal character found while scanning anchor</source>
            <translation>锚点名中有非法字符</translation>
        </message>
        <message>
            <source>cannot assign multiple tags to the same node</source>
            <translation>同一个节点不能有多个标签</translation>
        </message>
        <message>
            <source>cannot assign multiple anchors to the same node</source>
            <translation>同一个节点不能有多个锚点</translation>
        </message>
        <message>
            <source>cannot assign multiple aliases to the same node</source>
            <translation>同一个节点不能有多个别名</translation>
        </message>
        <message>
            <source>aliases can't have any content, *including* tags</source>
            <translation>别名不能带任何内容，包括标签</translation>
        </message>
        <message>
            <source>unexpected character in block scalar</source>
            <translation>块文本中有意外的字符</translation>
        </message>
        <message>
            <source>cannot set zero indentation for a block scalar</source>
            <translation>块文本的缩进不能设为 0</translation>
        </message>
        <message>
            <source>invalid character in tag handle</source>
            <translation>标签前缀中有非法字符</translation>
        </message>
        <message>
            <source>tag handle with no suffix</source>
            <translation>标签前缀后面缺少名称</translation>
        </message>
        <message>
            <source>end of verbatim tag not found</source>
            <translation>原样标签没有结束</translation>
        </message>
        <message>
            <source>invalid tag</source>
            <translation>无效的标签</translation>
        </message>
        <message>
            <source>invalid anchor</source>
            <translation>无效的锚点</translation>
        </message>
        <message>
            <source>invalid alias</source>
            <translation>无效的别名</translation>
        </message>
        <message>
            <source>invalid node</source>
            <translation>无效的节点</translation>
        </message>
        <message>
            <source>bad conversion</source>
            <translation>类型转换失败</translation>
        </message>
        <message>
            <source>YAML directives must have exactly one argument</source>
            <translation>%YAML 指令必须正好有一个参数</translation>
        </message>
        <message>
            <source>bad YAML version: %1</source>
            <translation>无效的 YAML 版本：%1</translation>
        </message>
        <message>
            <source>YAML major version too large</source>
            <translation>YAML 主版本号过高</translation>
        </message>
        <message>
            <source>repeated YAML directive</source>
            <translation>重复的 %YAML 指令</translation>
        </message>
        <message>
            <source>TAG directives must have exactly two arguments</source>
            <translation>%TAG 指令必须正好有两个参数</translation>
        </message>
        <message>
            <source>repeated TAG directive</source>
            <translation>重复的 %TAG 指令</translation>
        </message>
        <message>
            <source>%1:%2: key '%3': %4</source>
            <translation>%1 第 %2 行，字段 %3：%4</translation>
        </message>
        <message>
            <source>%1:%2: not valid YAML: %3</source>
            <translation>%1 第 %2 行：不是有效的 YAML：%3</translation>
        </message>
        <message>
            <source>%1:%2: %3</source>
            <translation>%1 第 %2 行：%3</translation>
        </message>
        <message>
            <source>%1: cannot open: %2</source>
            <translation>无法打开 %1：%2</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
    </context>
    <context>
        <name>PricesCommand</name>
        <message>
            <source>Usage: traindeck prices [OPTIONS]</source>
            <translation>用法：traindeck prices [选项]</translation>
        </message>
        <message>
            <source>cloud</source>
            <translation>云</translation>
        </message>
        <message>
            <source>region</source>
            <translation>区域</translation>
        </message>
        <message>
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <source>on-demand</source>
            <translation>按需</translation>
        </message>
        <message>
            <source>spot</source>
            <translation>竞价</translation>
        </message>
        <message>
            <source>read</source>
            <translation>读取于</translation>
        </message>
        <message>
            <source>instance</source>
            <translation>实例</translation>
        </message>
        <message>
            <source>Per GPU-hour. Prices change: each row's source, date and note are in --json; your own rows go in %1.</source>
            <translation>以上为每 GPU 小时价格。价格会变：每行的来源、日期和备注见 --json；你自己的行请写入 %1。</translation>
        </message>
        <message>
            <source>unknown option %1 (see traindeck prices --help)</source>
            <translation>未知选项 %1（见 traindeck prices --help）</translation>
        </message>
        <message>
            <source>%1 needs a value (see traindeck prices --help)</source>
            <translation>%1 需要一个值（见 traindeck prices --help）</translation>
        </message>
        <message>
            <source>%1 rows of %2 (%3 regions) written to %4, dated %5; %6 instances of GPUs the planner does not model left out.</source>
            <translation>已把 %2 的 %1 行（%3 个区域）写入 %4，日期为 %5；规划器不能建模的 GPU 的 %6 个实例未写入。</translation>
        </message>
        <message>
            <source>%1: no instance of a GPU the planner models (%2 GPU instances read, such as %3): nothing written</source>
            <translation>%1：没有规划器能建模的 GPU 的实例（读了 %2 个 GPU 实例，例如 %3）：什么也没写</translation>
        </message>
        <message>
            <source>%1: which cloud are these prices of? The path does not say (SkyPilot's is catalogs/vN/CLOUD/vms.csv): add --cloud NAME</source>
            <translation>%1：这些价格属于哪个云？路径里看不出来（SkyPilot 的路径是 catalogs/vN/CLOUD/vms.csv）：请加上 --cloud 名称</translation>
        </message>
        <message>
            <source>%1: cannot be read</source>
            <translation>%1：无法读取</translation>
        </message>
        <message>
            <source>Lists the GPU prices `traindeck plan` prices layouts with: per cloud, region, GPU type and instance, on-demand and spot per GPU-hour, each with the page it was read from and when. Prices change: your own rows in %1 (the format of resources/prices.yaml) replace or add to the shipped ones, and a plan's --price-per-gpu-hour wins over both. --refresh FILE merges a catalogue you downloaded (SkyPilot's catalogs/vN/CLOUD/vms.csv from github.com/skypilot-org/skypilot-catalog, or a CSV with its columns) into that file.</source>
            <translation>列出 `traindeck plan` 给布局定价所用的 GPU 价格：按云、区域、GPU 类型和实例，给出每 GPU 小时的按需和竞价价格，每一行都注明读取的页面和时间。价格会变：你在 %1 中自己的行（格式同 resources/prices.yaml）会替换或补充随程序发布的行，而计划的 --price-per-gpu-hour 优先于两者。--refresh FILE 把你下载的价格目录（github.com/skypilot-org/skypilot-catalog 中 SkyPilot 的 catalogs/vN/CLOUD/vms.csv，或列相同的 CSV）并入那个文件。</translation>
        </message>
    </context>
    <context>
        <name>RunCalibration</name>
        <message>
            <source>No shown run has a measured samples/s and the layout it ran on (the trainer's start event).</source>
            <translation>显示的运行中没有一个同时具有实测的样本/秒和所用布局（训练器的 start 事件）。</translation>
        </message>
    </context>
    <context>
        <name>Scheduler</name>
        <message>
            <source>pending</source>
            <translation>排队中</translation>
        </message>
        <message>
            <source>running</source>
            <translation>运行中</translation>
        </message>
        <message>
            <source>completed</source>
            <translation>已完成</translation>
        </message>
        <message>
            <source>failed</source>
            <translation>失败</translation>
        </message>
        <message>
            <source>cancelled</source>
            <translation>已取消</translation>
        </message>
        <message>
            <source>no longer known to the scheduler</source>
            <translation>调度器已不再记录此作业</translation>
        </message>
        <message>
            <source>pending (%1)</source>
            <translation>排队中（%1）</translation>
        </message>
        <message>
            <source>running on %1</source>
            <translation>运行于 %1</translation>
        </message>
        <message>
            <source>%1, exit code 0</source>
            <translation>%1，退出码 0</translation>
        </message>
        <message>
            <source>%1, ended by signal %2</source>
            <translation>%1，被信号 %2 结束</translation>
        </message>
        <message>
            <source>%1, exit code %2</source>
            <translation>%1，退出码 %2</translation>
        </message>
        <message>
            <source>%1 is not on PATH: run traindeck where Slurm's commands are (a login node), or install Slurm's client</source>
            <translation>%1 不在 PATH 中：请在有 Slurm 命令的机器（登录节点）上运行 traindeck，或安装 Slurm 客户端</translation>
        </message>
        <message>
            <source>the Slurm controller does not answer (sinfo: %1)</source>
            <translation>Slurm 控制器没有应答（sinfo：%1）</translation>
        </message>
        <message>
            <source>the cluster has no default partition: name one (%1; the cluster has: %2)</source>
            <translation>集群没有默认分区：请指定一个（%1；集群有：%2）</translation>
        </message>
        <message>
            <source>partition '%1' does not exist (the cluster has: %2)</source>
            <translation>分区“%1”不存在（集群有：%2）</translation>
        </message>
        <message>
            <source>the plan asks %1 GPUs per node, but partition '%2''s nodes have at most %3 (sinfo)</source>
            <translation>计划要求每节点 %1 块 GPU，但分区“%2”的节点最多只有 %3 块（sinfo）</translation>
        </message>
        <message>
            <source>the plan asks %1 nodes, but partition '%2' has %3 (sinfo)</source>
            <translation>计划要求 %1 个节点，但分区“%2”只有 %3 个（sinfo）</translation>
        </message>
        <message>
            <source>Slurm account '%1' does not exist (sacctmgr)</source>
            <translation>Slurm 账户“%1”不存在（sacctmgr）</translation>
        </message>
        <message>
            <source>sbatch refused the job: %1</source>
            <translation>sbatch 拒绝了作业：%1</translation>
        </message>
        <message>
            <source>the Slurm controller does not answer (scontrol: %1)</source>
            <translation>Slurm 控制器没有应答（scontrol：%1）</translation>
        </message>
        <message>
            <source>scancel: %1</source>
            <translation>scancel：%1</translation>
        </message>
        <message>
            <source>node %1, task %2: %3</source>
            <translation>节点 %1，任务 %2：%3</translation>
        </message>
        <message>
            <source>%1 s</source>
            <translation>%1 秒</translation>
        </message>
        <message>
            <source>%1 min</source>
            <translation>%1 分钟</translation>
        </message>
        <message>
            <source>%1 h %2 min</source>
            <translation>%1 小时 %2 分钟</translation>
        </message>
        <message>
            <source>job %1 was requeued by Slurm and will start again (restart %2)</source>
            <translation>作业 %1 已被 Slurm 重新排队，将再次启动（第 %2 次重启）</translation>
        </message>
        <message>
            <source>job %1 was requeued by Slurm and will start again (restart %2): %3</source>
            <translation>作业 %1 已被 Slurm 重新排队，将再次启动（第 %2 次重启）：%3</translation>
        </message>
        <message>
            <source>job %1 has waited %2 in the queue; Slurm gives no expected start yet</source>
            <translation>作业 %1 已在队列中等待 %2；Slurm 尚未给出预计开始时间</translation>
        </message>
        <message>
            <source>job %1 has waited %2 in the queue; Slurm expects it to start at %3 (squeue --start)</source>
            <translation>作业 %1 已在队列中等待 %2；Slurm 预计它于 %3 开始（squeue --start）</translation>
        </message>
        <message>
            <source>job %1 has waited %2 in the queue, longer than the pending limit (%3): cancelling it</source>
            <translation>作业 %1 已在队列中等待 %2，超过排队时限（%3）：正在取消</translation>
        </message>
        <message>
            <source>job %1: its tasks ended %2 ago, but Slurm is still releasing its nodes%3; following ends here</source>
            <translation>作业 %1：其任务已于 %2 前结束，但 Slurm 仍在释放其节点%3；跟踪到此结束</translation>
        </message>
        <message>
            <source> (%1)</source>
            <translation>（%1）</translation>
        </message>
        <message>
            <source>job %1: %2</source>
            <translation>作业 %1：%2</translation>
        </message>
        <message>
            <source>%1 (%2)</source>
            <translation>%1（%2）</translation>
        </message>
        <message>
            <source>pending: %1</source>
            <translation>排队中：%1</translation>
        </message>
        <message>
            <source>completing: its tasks ended, Slurm is releasing its nodes</source>
            <translation>即将结束：任务已结束，Slurm 正在释放其节点</translation>
        </message>
        <message>
            <source>completing: its tasks ended, Slurm is releasing %1</source>
            <translation>即将结束：任务已结束，Slurm 正在释放 %1</translation>
        </message>
        <message>
            <source>waiting for free resources</source>
            <translation>等待空闲资源</translation>
        </message>
        <message>
            <source>waiting behind jobs of higher priority</source>
            <translation>排在优先级更高的作业之后</translation>
        </message>
        <message>
            <source>waiting for the jobs it depends on</source>
            <translation>等待其依赖的作业</translation>
        </message>
        <message>
            <source>its dependency can never be met</source>
            <translation>其依赖永远无法满足</translation>
        </message>
        <message>
            <source>waiting for its begin time (a requeued job waits a moment before it starts again)</source>
            <translation>等待其开始时间（重新排队的作业会稍等片刻再启动）</translation>
        </message>
        <message>
            <source>a node it needs is not available (down, drained or reserved)</source>
            <translation>所需节点不可用（宕机、已排空或已预留）</translation>
        </message>
        <message>
            <source>nodes it needs are down, drained or reserved for jobs of higher-priority partitions</source>
            <translation>所需节点宕机、已排空或已预留给优先级更高分区的作业</translation>
        </message>
        <message>
            <source>a node of the job went down</source>
            <translation>作业的一个节点宕机</translation>
        </message>
        <message>
            <source>it asks more nodes than the partition allows</source>
            <translation>所请求的节点数超过分区允许的数量</translation>
        </message>
        <message>
            <source>its time limit is longer than the partition allows</source>
            <translation>其时限超过分区允许的时限</translation>
        </message>
        <message>
            <source>the partition is down</source>
            <translation>分区已停用</translation>
        </message>
        <message>
            <source>the partition is inactive</source>
            <translation>分区处于非活动状态</translation>
        </message>
        <message>
            <source>held by its user (scontrol release lets it run)</source>
            <translation>被其用户挂起（scontrol release 可让它运行）</translation>
        </message>
        <message>
            <source>held by an administrator</source>
            <translation>被管理员挂起</translation>
        </message>
        <message>
            <source>its launch failed: Slurm requeued it and holds it</source>
            <translation>启动失败：Slurm 已将其重新排队并挂起</translation>
        </message>
        <message>
            <source>no node meets its constraints</source>
            <translation>没有节点满足其约束</translation>
        </message>
        <message>
            <source>waiting for its reservation to start</source>
            <translation>等待其预留开始</translation>
        </message>
        <message>
            <source>waiting for licenses</source>
            <translation>等待许可证</translation>
        </message>
        <message>
            <source>the nodes' prolog is running</source>
            <translation>节点的 prolog 正在运行</translation>
        </message>
        <message>
            <source>waiting until its earlier run's nodes are cleaned up</source>
            <translation>等待其上次运行的节点清理完毕</translation>
        </message>
        <message>
            <source>its nodes are rebooting</source>
            <translation>其节点正在重启</translation>
        </message>
        <message>
            <source>it reached its time limit</source>
            <translation>已达到时限</translation>
        </message>
        <message>
            <source>a task ran out of memory</source>
            <translation>某个任务内存不足</translation>
        </message>
        <message>
            <source>it could not be started on its nodes</source>
            <translation>无法在其节点上启动</translation>
        </message>
        <message>
            <source>a failure of Slurm itself</source>
            <translation>Slurm 自身故障</translation>
        </message>
        <message>
            <source>its account is not valid</source>
            <translation>其账户无效</translation>
        </message>
        <message>
            <source>its QOS is not valid</source>
            <translation>其 QOS 无效</translation>
        </message>
        <message>
            <source>a limit of its QOS is reached</source>
            <translation>已达到其 QOS 的限制</translation>
        </message>
        <message>
            <source>a limit of its account is reached</source>
            <translation>已达到其账户的限制</translation>
        </message>
        <message>
            <source>SLURM_CONF names %1, which does not exist: point it at the cluster's slurm.conf, or unset it where Slurm's client is configured</source>
            <translation>SLURM_CONF 指向的 %1 不存在：请让它指向集群的 slurm.conf，或在已配置 Slurm 客户端的机器上取消设置它</translation>
        </message>
        <message>
            <source>Slurm's client has no configuration here (no slurm.conf, none served by DNS): set SLURM_CONF to the cluster's slurm.conf, or run traindeck on a login node</source>
            <translation>此处的 Slurm 客户端没有配置（没有 slurm.conf，DNS 也未提供）：请将 SLURM_CONF 设为集群的 slurm.conf，或在登录节点上运行 traindeck</translation>
        </message>
        <message>
            <source>node %1 does not answer Slurm (%2)</source>
            <translation>节点 %1 不响应 Slurm（%2）</translation>
        </message>
        <message>
            <source>node %1 is %2</source>
            <translation>节点 %1 处于 %2 状态</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <source>node %1 failed (srun: Node failure on %1)</source>
            <translation>节点 %1 故障（srun：Node failure on %1）</translation>
        </message>
    </context>
    <context>
        <name>Ssh</name>
        <message>
            <source>'%1' is not [user@]host[:port]</source>
            <translation>“%1”不是 [user@]host[:port] 格式</translation>
        </message>
        <message>
            <source>libssh could not make a session</source>
            <translation>libssh 无法创建会话</translation>
        </message>
        <message>
            <source>cannot connect to %1: %2</source>
            <translation>无法连接到 %1：%2</translation>
        </message>
        <message>
            <source>no answer within %1 s</source>
            <translation>%1 秒内无应答</translation>
        </message>
        <message>
            <source>the connection to %1 was lost: %2</source>
            <translation>与 %1 的连接已断开：%2</translation>
        </message>
        <message>
            <source>no answer from %1 for %2 s (SSH keepalive every %3 s): the host, its sshd or the network is not responding</source>
            <translation>%1 已 %2 秒无应答（每 %3 秒一次 SSH keepalive）：主机、其 sshd 或网络没有响应</translation>
        </message>
        <message>
            <source>%1 sent no host key</source>
            <translation>%1 没有发送主机密钥</translation>
        </message>
        <message>
            <source>THE HOST KEY OF %1 HAS CHANGED: known_hosts has %2, the server sent %3 (%4). Someone may be intercepting the connection, or the host was reinstalled: check with its administrator, then remove the old key (ssh-keygen -R). Nothing was started.</source>
            <translation>%1 的主机密钥已改变：known_hosts 中为 %2，服务器发送的是 %3（%4）。可能有人在截获连接，或该主机已重装：请向其管理员核实，然后删除旧密钥（ssh-keygen -R）。未启动任何进程。</translation>
        </message>
        <message>
            <source>the host key of %1 is unknown (%2 %3): accept it with --accept-new-host-keys after checking the fingerprint</source>
            <translation>%1 的主机密钥未知（%2 %3）：核对指纹后可用 --accept-new-host-keys 接受</translation>
        </message>
        <message>
            <source>cannot record the host key of %1: %2</source>
            <translation>无法记录 %1 的主机密钥：%2</translation>
        </message>
        <message>
            <source>cannot check the host key of %1: %2</source>
            <translation>无法检查 %1 的主机密钥：%2</translation>
        </message>
        <message>
            <source>cannot read the identity file %1</source>
            <translation>无法读取身份文件 %1</translation>
        </message>
        <message>
            <source>authentication on %1: %2</source>
            <translation>在 %1 上认证：%2</translation>
        </message>
        <message>
            <source>authentication as %1 on %2 failed: the server accepted none of the keys tried (--identity, the agent, the ssh configuration's)</source>
            <translation>以 %1 身份在 %2 上认证失败：服务器不接受所尝试的任何密钥（--identity、agent、ssh 配置中的密钥）</translation>
        </message>
    </context>
    <context>
        <name>StepMemory</name>
        <message>
            <source>fp32 weights: 4 bytes per parameter</source>
            <translation>fp32 权重：每个参数 4 字节</translation>
        </message>
        <message>
            <source>fp32 weights, sharded (FSDP): 4 bytes per parameter before sharding; the 16-bit copies are gathered a block at a time</source>
            <translation>fp32 权重，已分片（FSDP）：分片前每个参数 4 字节；16 位副本每次聚合一个块</translation>
        </message>
        <message>
            <source>16-bit weights: 2 bytes per parameter. DeepSpeed keeps their fp32 master copy in the optimizer state (12 bytes per parameter with AdamW's two moments)</source>
            <translation>16 位权重：每个参数 2 字节。DeepSpeed 把它们的 fp32 主副本放在优化器状态中（连同 AdamW 的两个动量，每个参数 12 字节）</translation>
        </message>
        <message>
            <source>fp32 weights: 4 bytes per parameter. PyTorch AMP keeps the weights in fp32 and casts them per layer; from ZeRO 1 on, DeepSpeed keeps 16-bit weights and moves the fp32 copy into the optimizer state</source>
            <translation>fp32 权重：每个参数 4 字节。PyTorch AMP 以 fp32 保存权重并逐层转换；从 ZeRO 1 起，DeepSpeed 保存 16 位权重，并把 fp32 副本移入优化器状态</translation>
        </message>
    </context>
    <context>
        <name>SystemErrors</name>
        <message>
            <source>No such file or directory</source>
            <translation>文件或目录不存在</translation>
        </message>
        <message>
            <source>Permission denied</source>
            <translation>没有权限</translation>
        </message>
        <message>
            <source>Operation not permitted</source>
            <translation>不允许的操作</translation>
        </message>
        <message>
            <source>Is a directory</source>
            <translation>这是一个文件夹</translation>
        </message>
        <message>
            <source>Not a directory</source>
            <translation>路径中有一项不是文件夹</translation>
        </message>
        <message>
            <source>Read-only file system</source>
            <translation>文件系统是只读的</translation>
        </message>
        <message>
            <source>No space left on device</source>
            <translation>磁盘空间不足</translation>
        </message>
        <message>
            <source>Disk quota exceeded</source>
            <translation>超出磁盘配额</translation>
        </message>
        <message>
            <source>File name too long</source>
            <translation>文件名太长</translation>
        </message>
        <message>
            <source>Too many levels of symbolic links</source>
            <translation>符号链接层数过多</translation>
        </message>
        <message>
            <source>Input/output error</source>
            <translation>输入/输出错误</translation>
        </message>
        <message>
            <source>Device or resource busy</source>
            <translation>设备或资源忙</translation>
        </message>
        <message>
            <source>Invalid cross-device link</source>
            <translation>不能跨设备移动文件</translation>
        </message>
        <message>
            <source>Too many open files</source>
            <translation>打开的文件过多</translation>
        </message>
        <message>
            <source>File exists</source>
            <translation>文件已存在</translation>
        </message>
        <message>
            <source>reason unknown</source>
            <translation>原因不明</translation>
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
            <translation>Indexed Job、headless Service 和入口脚本 ConfigMap：kubectl apply -f kubernetes.yaml</translation>
        </message>
        <message>
            <source>Kubeflow PyTorchJob</source>
            <translation>Kubeflow PyTorchJob</translation>
        </message>
        <message>
            <source>PyTorchJob (master and workers) and the entrypoint ConfigMap</source>
            <translation>PyTorchJob（Master 与 Worker）和入口脚本 ConfigMap</translation>
        </message>
        <message>
            <source>Alibaba Cloud PAI-DLC</source>
            <translation>阿里云 PAI-DLC</translation>
        </message>
        <message>
            <source>CreateJob request body and the equivalent dlc submit command</source>
            <translation>CreateJob 请求体及等价的 dlc submit 命令</translation>
        </message>
        <message>
            <source>SLURM</source>
            <translation>SLURM</translation>
        </message>
        <message>
            <source>sbatch script, one task per node, with the entrypoint and configs</source>
            <translation>sbatch 脚本（每节点一个任务），附入口脚本和配置</translation>
        </message>
        <message>
            <source>Bare machines over SSH</source>
            <translation>裸机（通过 SSH）</translation>
        </message>
        <message>
            <source>hostfile, DeepSpeed hostfile, one script per node and an SSH launcher</source>
            <translation>hostfile、DeepSpeed hostfile、每节点一个脚本和 SSH 启动器</translation>
        </message>
        <message>
            <source>Hugging Face accelerate config</source>
            <translation>Hugging Face accelerate 配置</translation>
        </message>
        <message>
            <source>accelerate config YAML with its DeepSpeed settings</source>
            <translation>含 DeepSpeed 设置的 accelerate 配置 YAML</translation>
        </message>
        <message>
            <source>DeepSpeed config</source>
            <translation>DeepSpeed 配置</translation>
        </message>
        <message>
            <source>DeepSpeed JSON config</source>
            <translation>DeepSpeed JSON 配置</translation>
        </message>
        <message>
            <source>SkyPilot task</source>
            <translation>SkyPilot 任务</translation>
        </message>
        <message>
            <source>SkyPilot task YAML with the entrypoint: sky launch skypilot/task.yaml</source>
            <translation>SkyPilot 任务 YAML，附入口脚本：sky launch skypilot/task.yaml</translation>
        </message>
    </context>
    <context>
        <name>Units</name>
        <message>
            <source>Formula:</source>
            <translation>公式：</translation>
        </message>
        <message>
            <source>With this plan's numbers:</source>
            <translation>代入本计划的数值：</translation>
        </message>
        <message>
            <source>%1 × %2 (%3 GPUs)</source>
            <translation>%1 × %2（%3 块 GPU）</translation>
        </message>
    </context>
    <context>
        <name>Usage</name>
        <message>
            <source>print a plan's derived figures and findings</source>
            <translation>列出计划推算出的数据和发现的问题</translation>
        </message>
        <message>
            <source>write the launch files of a plan</source>
            <translation>写出计划的启动文件</translation>
        </message>
        <message>
            <source>summarise or follow training runs (metrics, logs, TensorBoard files)</source>
            <translation>汇总或跟踪训练运行（指标、日志、TensorBoard 文件）</translation>
        </message>
        <message>
            <source>start a plan's nodes over SSH or here, and stop them together</source>
            <translation>通过 SSH 或在本机启动计划的节点，并一起停止</translation>
        </message>
        <message>
            <source>Usage: traindeck [COMMAND] [OPTIONS]</source>
            <translation>用法：traindeck [命令] [选项]</translation>
        </message>
        <message>
            <source>Without a command, opens the TrainDeck window: on the built-in demo plan (--demo), or on a plan file (traindeck PLAN.yaml, or --open PLAN.yaml).</source>
            <translation>不带命令时打开 TrainDeck 窗口：显示内置的演示计划（--demo），或打开一个计划文件（traindeck PLAN.yaml 或 --open PLAN.yaml）。</translation>
        </message>
        <message>
            <source>Commands:</source>
            <translation>命令：</translation>
        </message>
        <message>
            <source>Options:</source>
            <translation>选项：</translation>
        </message>
        <message>
            <source>open the window on the built-in demo plan</source>
            <translation>打开窗口并显示内置的演示计划</translation>
        </message>
        <message>
            <source>open the window on a plan file</source>
            <translation>打开窗口并载入计划文件</translation>
        </message>
        <message>
            <source>open the window on its Watch page with a run (metrics file, run folder, TensorBoard logdir, log)</source>
            <translation>打开窗口的监视页并载入一次运行（指标文件、运行文件夹、TensorBoard 日志目录、日志）</translation>
        </message>
        <message>
            <source>print the version and the build's features</source>
            <translation>显示版本和本次构建包含的功能</translation>
        </message>
        <message>
            <source>the language of the window or a command (default: the locale's, from LANGUAGE, LC_ALL, LC_MESSAGES or LANG; the window's settings win over the locale)</source>
            <translation>窗口或命令使用的语言（默认跟随区域设置：LANGUAGE、LC_ALL、LC_MESSAGES 或 LANG；窗口中的设置优先于区域设置）</translation>
        </message>
        <message>
            <source>show this help</source>
            <translation>显示本帮助</translation>
        </message>
        <message>
            <source>Run 'traindeck COMMAND --help' for a command's options.</source>
            <translation>运行 traindeck 命令 --help 查看该命令的选项。</translation>
        </message>
        <message>
            <source>traindeck: no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY names one that answers); on the command line: %1</source>
            <translation>traindeck：没有可以打开窗口的显示（DISPLAY 和 WAYLAND_DISPLAY 都没有指向可连接的显示）；命令行的等价做法：%1</translation>
        </message>
        <message>
            <source>list the GPU prices a plan's cost comes from</source>
            <translation>列出计划费用所依据的 GPU 价格</translation>
        </message>
    </context>
    <context>
        <name>Watch</name>
        <message>
            <source>%1 is not finite at step %2</source>
            <translation>%1 在第 %2 步不是有限值</translation>
        </message>
        <message>
            <source>rank %1 failed at step %2: %3</source>
            <translation>rank %1 在第 %2 步出错：%3</translation>
        </message>
        <message>
            <source>node %1 is lost: %2</source>
            <translation>节点 %1 已失联：%2</translation>
        </message>
        <message>
            <source>no new step since step %1 for %2 s</source>
            <translation>自第 %1 步以来已 %2 秒没有新的步</translation>
        </message>
        <message>
            <source>restarted at step %1: later points replace the earlier ones</source>
            <translation>在第 %1 步重新开始：后来的数据点替换之前的</translation>
        </message>
        <message>
            <source>the run ended at step %1: %2</source>
            <translation>运行在第 %1 步结束：%2</translation>
        </message>
        <message>
            <source>the run failed at step %1</source>
            <translation>运行在第 %1 步失败</translation>
        </message>
        <message>
            <source>%1: no such file or folder</source>
            <translation>%1：没有这个文件或文件夹</translation>
        </message>
        <message>
            <source>%1: no run found (no event files, no run folder, no log)</source>
            <translation>%1：没有找到运行（没有事件文件、运行文件夹或日志）</translation>
        </message>
        <message>
            <source>%1 cannot be read: %2</source>
            <translation>无法读取 %1：%2</translation>
        </message>
        <message>
            <source>%1: the length of the record at byte %2 fails its CRC-32C; the rest of the file cannot be read</source>
            <translation>%1：第 %2 字节处记录的长度未通过 CRC-32C 校验，文件的其余部分无法读取</translation>
        </message>
        <message>
            <source>%1: the last record is incomplete (%2 bytes)</source>
            <translation>%1：最后一条记录不完整（%2 字节）</translation>
        </message>
        <message>
            <source>%1: %2 records failed their CRC-32C and were skipped</source>
            <translation>%1：%2 条记录未通过 CRC-32C 校验，已跳过</translation>
        </message>
        <message>
            <source>a node is lost: %1</source>
            <translation>有节点丢失：%1</translation>
        </message>
        <message>
            <source>node %1 failed its pre-flight check (%2), so the run did not start: %3</source>
            <translation>节点 %1 未通过启动前检查（%2），运行未开始：%3</translation>
        </message>
        <message>
            <source>the run ended before its first step: %1</source>
            <translation>运行在第一步之前结束：%1</translation>
        </message>
        <message>
            <source>the run failed before its first step</source>
            <translation>运行在第一步之前失败</translation>
        </message>
        <message>
            <source>%1 is not ssh://[user@]host[:port]/path</source>
            <translation>%1 不是 ssh://[user@]host[:port]/path 形式</translation>
        </message>
        <message>
            <source>%1: no answer within %2 s</source>
            <translation>%1：%2 秒内无应答</translation>
        </message>
        <message>
            <source>%1, trying again in %2 s</source>
            <translation>%1，%2 秒后重试</translation>
        </message>
        <message>
            <source>the connection to %1 dropped; reconnecting</source>
            <translation>与 %1 的连接已断开，正在重新连接</translation>
        </message>
        <message>
            <source>cannot start %1: %2</source>
            <translation>无法启动 %1：%2</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <source>attempt %1 began; the attempt before logged no step</source>
            <translation>第 %1 次尝试开始；上一次尝试没有记录任何步</translation>
        </message>
        <message>
            <source>attempt %1 began; the attempt before ended before its first step: %2</source>
            <translation>第 %1 次尝试开始；上一次尝试在第一步之前就结束了：%2</translation>
        </message>
        <message>
            <source>attempt %1 began after step %2</source>
            <translation>第 %1 次尝试在第 %2 步之后开始</translation>
        </message>
        <message>
            <source>attempt %1 began after step %2 (the attempt before: %3)</source>
            <translation>第 %1 次尝试在第 %2 步之后开始（上一次尝试：%3）</translation>
        </message>
        <message>
            <source>%1 offers no SFTP (its sshd needs a `Subsystem sftp` line)</source>
            <translation>%1 不提供 SFTP（其 sshd 需要一行 `Subsystem sftp`）</translation>
        </message>
        <message>
            <source>no answer from %1 for %2 s; reconnecting</source>
            <translation>%1 已 %2 秒无应答，正在重新连接</translation>
        </message>
        <message>
            <source>Step time per rank (s) — slowest: rank %1, %2% above the median</source>
            <translation>各 rank 的步时间（秒）— 最慢：rank %1，比中位数高 %2%</translation>
        </message>
        <message>
            <source>Step time per rank (s) — slowest: rank %1, %2% above the median, since step %3</source>
            <translation>各 rank 的步时间（秒）— 最慢：rank %1，比中位数高 %2%，自第 %3 步起</translation>
        </message>
    </context>
    <context>
        <name>WatchCommand</name>
        <message>
            <source>SOURCE: a trainer's metrics file (JSON lines), a user's training log, a TensorBoard event file, PyTorch Lightning's CSVLogger file (metrics.csv), a logdir of them (every folder of event files or a metrics.csv is a run), or a TrainDeck run folder (node-*.out, launch.jsonl).</source>
            <translation>来源：训练器的指标文件（JSON 行）、用户的训练日志、TensorBoard 事件文件、PyTorch Lightning 的 CSVLogger 文件（metrics.csv）、包含它们的日志目录（每个含事件文件或 metrics.csv 的文件夹是一次运行），或 TrainDeck 运行文件夹（node-*.out、launch.jsonl）。</translation>
        </message>
        <message>
            <source>print a line per new step and every alarm as it happens, until the runs end</source>
            <translation>每出现新的一步或告警就输出一行，直到运行结束</translation>
        </message>
        <message>
            <source>JSON: the summaries (an array), or with --follow one object per line</source>
            <translation>JSON：各运行的摘要（一个数组），或配合 --follow 每行一个对象</translation>
        </message>
        <message>
            <source>steps</source>
            <translation>步数</translation>
        </message>
        <message>
            <source>%1 of %2</source>
            <translation>%1 / %2</translation>
        </message>
        <message>
            <source>%1  (best %2 at step %3)</source>
            <translation>%1  （最佳 %2，第 %3 步）</translation>
        </message>
        <message>
            <source>loss</source>
            <translation>损失</translation>
        </message>
        <message>
            <source>psnr</source>
            <translation>PSNR</translation>
        </message>
        <message>
            <source>steady samples/s</source>
            <translation>稳定样本/秒</translation>
        </message>
        <message>
            <source>steady steps/s</source>
            <translation>稳定步/秒</translation>
        </message>
        <message>
            <source>slowest rank</source>
            <translation>最慢的 rank</translation>
        </message>
        <message>
            <source>rank %1: %2 ms/step, median of ranks %3 ms (+%4%), slowest since step %5</source>
            <translation>rank %1：%2 毫秒/步，各 rank 中位数 %3 毫秒（+%4%），自第 %5 步起最慢</translation>
        </message>
        <message>
            <source>rank %1: %2 ms/step, median of ranks %3 ms (+%4%)</source>
            <translation>rank %1：%2 毫秒/步，各 rank 中位数 %3 毫秒（+%4%）</translation>
        </message>
        <message>
            <source>end</source>
            <translation>结束状态</translation>
        </message>
        <message>
            <source>none yet</source>
            <translation>尚未结束</translation>
        </message>
        <message>
            <source>skipped lines</source>
            <translation>跳过的行</translation>
        </message>
        <message>
            <source>ALARM</source>
            <translation>告警</translation>
        </message>
        <message>
            <source>note</source>
            <translation>提示</translation>
        </message>
        <message>
            <source>read problem</source>
            <translation>读取问题</translation>
        </message>
        <message>
            <source>ALARM: %1</source>
            <translation>告警：%1</translation>
        </message>
        <message>
            <source>note: %1</source>
            <translation>提示：%1</translation>
        </message>
        <message>
            <source>unknown option %1 (see traindeck watch --help)</source>
            <translation>未知选项 %1（见 traindeck watch --help）</translation>
        </message>
        <message>
            <source>A SOURCE on another machine is ssh://[user@]host[:port]/path (/~/path: under the home), followed over SSH with host keys checked as traindeck launch checks them; the host needs a POSIX shell and GNU coreutils (any Linux). A dropped connection is reopened without losing or repeating a line.</source>
            <translation>另一台机器上的来源写作 ssh://[user@]host[:port]/path（/~/path：位于主目录下），通过 SSH 跟踪，主机密钥的检查方式与 traindeck launch 相同；该主机需要 POSIX shell 和 GNU coreutils（任何 Linux 均可）。连接断开后会重新连接，不丢失也不重复任何一行。</translation>
        </message>
        <message>
            <source>a command whose output is a run's lines, e.g. 'kubectl logs -f -l job-name=NAME --prefix'; lines prefixed [pod/NAME/...] (kubectl --prefix) or N: (srun --label) are that node's. Without --follow: read until it exits, then summarise</source>
            <translation>一条命令，其输出即运行的各行，例如 'kubectl logs -f -l job-name=NAME --prefix'；带 [pod/NAME/...] 前缀（kubectl --prefix）或 N: 前缀（srun --label）的行归属该节点。不加 --follow 时：读到命令退出，然后汇总</translation>
        </message>
        <message>
            <source>%1 (%2 lines)</source>
            <translation>%1（%2 行）</translation>
        </message>
        <message>
            <source>nodes</source>
            <translation>节点</translation>
        </message>
        <message>
            <source>rejected values</source>
            <translation>拒收的数值</translation>
        </message>
        <message>
            <source>%1 (steps, times or ranks out of range)</source>
            <translation>%1（步数、时间或 rank 超出范围）</translation>
        </message>
        <message>
            <source>%1 needs a value (see traindeck watch --help)</source>
            <translation>%1 需要一个值（见 traindeck watch --help）</translation>
        </message>
        <message>
            <source>name at least one SOURCE or --follow-command (see traindeck watch --help)</source>
            <translation>请至少指定一个来源或 --follow-command（见 traindeck watch --help）</translation>
        </message>
        <message>
            <source>no end recorded</source>
            <translation>没有记录结束</translation>
        </message>
        <message>
            <source>restart</source>
            <translation>重启</translation>
        </message>
        <message>
            <source>attempt %1, before any step (the attempt before: %2)</source>
            <translation>第 %1 次尝试，在任何一步之前（上一次尝试：%2）</translation>
        </message>
        <message>
            <source>attempt %1, after step %2 (the attempt before: %3)</source>
            <translation>第 %1 次尝试，在第 %2 步之后（上一次尝试：%3）</translation>
        </message>
        <message>
            <source>problems now</source>
            <translation>当前问题</translation>
        </message>
        <message>
            <source>none</source>
            <translation>无</translation>
        </message>
        <message>
            <source>Usage: traindeck watch [SOURCE...] [--follow-command COMMAND] [--follow] [--json] [--csv FILE] [SSH OPTIONS]</source>
            <translation>用法：traindeck watch [来源...] [--follow-command 命令] [--follow] [--json] [--csv 文件] [SSH 选项]</translation>
        </message>
        <message>
            <source>also write every series read to FILE as CSV (run, metric, rank, step, wall_time, value), at the end: once read, or with --follow when the runs end or on Ctrl-C</source>
            <translation>另将读到的每条序列以 CSV（run、metric、rank、step、wall_time、value）写入文件，在结束时写：读完之后；或在 --follow 时，于运行结束或按下 Ctrl-C 时</translation>
        </message>
        <message>
            <source>1 an alarm fired (non-finite loss, error event, lost node, failed pre-flight, failed end); 2 bad input (no such file, no run found, a host unreachable or its key refused) or the CSV file cannot be written; 130 --follow stopped by Ctrl-C.</source>
            <translation>1 触发了告警（损失非有限值、错误事件、节点丢失、启动前检查失败、以失败结束）；2 输入有误（文件不存在、未找到运行、主机不可达或其密钥被拒绝）或 CSV 文件无法写入；130 --follow 被 Ctrl-C 停止。</translation>
        </message>
        <message>
            <source>running (no end event yet)</source>
            <translation>运行中（尚无结束事件）</translation>
        </message>
        <message>
            <source>status</source>
            <translation>状态</translation>
        </message>
        <message>
            <source>completed</source>
            <translation>已完成</translation>
        </message>
        <message>
            <source>failed</source>
            <translation>失败</translation>
        </message>
        <message>
            <source>interrupted</source>
            <translation>已中断</translation>
        </message>
    </context>
    <context>
        <name>Workload</name>
        <message>
            <source>micro-batch %1 × accumulation %2</source>
            <translation>微批 %1 × 累积 %2</translation>
        </message>
        <message>
            <source>micro-batch %1</source>
            <translation>微批 %1</translation>
        </message>
        <message>
            <source>%1 tokens</source>
            <translation>%1 个 token</translation>
        </message>
        <message>
            <source>full checkpointing</source>
            <translation>完整激活检查点</translation>
        </message>
        <message>
            <source>selective checkpointing</source>
            <translation>选择性激活检查点</translation>
        </message>
        <message>
            <source>no checkpointing</source>
            <translation>不做激活检查点</translation>
        </message>
        <message>
            <source>FSDP %1</source>
            <translation>FSDP %1</translation>
        </message>
        <message>
            <source>ZeRO-%1</source>
            <translation>ZeRO-%1</translation>
        </message>
        <message>
            <source>no sharding</source>
            <translation>不分片</translation>
        </message>
        <message>
            <source>%1 parameters</source>
            <translation>%1 参数</translation>
        </message>
        <message>
            <source>%1, %2</source>
            <translation>%1，%2</translation>
        </message>
    </context>
    <context>
        <name>WriteFiles</name>
        <message>
            <source>%1 exists; nothing written (use --force to overwrite)</source>
            <translation>%1 已存在；未写入任何文件（用 --force 覆盖）</translation>
        </message>
        <message>
            <source>cannot create %1: %2</source>
            <translation>无法创建 %1：%2</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::CalibrationPanel</name>
        <message>
            <source>%1 µs</source>
            <translation>%1 微秒</translation>
        </message>
        <message>
            <source>%1 ms</source>
            <translation>%1 毫秒</translation>
        </message>
        <message>
            <source>A run's metrics</source>
            <translation>一次运行的指标</translation>
        </message>
        <message>
            <source>Trainer metrics (*.jsonl *.json *.out *.log);;All files (*)</source>
            <translation>训练器指标 (*.jsonl *.json *.out *.log);;所有文件 (*)</translation>
        </message>
        <message numerus="yes">
            <source>From the run: %1 samples/s on %2, the median of %n step(s) (%3 to %4).</source>
            <translation>
                <numerusform>来自该运行：%2 上 %1 样本/秒，为 %n 步的中位数（第 %3 至 %4 步）。</numerusform>
            </translation>
        </message>
        <message>
            <source>%1: %2 %3</source>
            <translation>%1：%2 %3</translation>
        </message>
        <message numerus="yes">
            <source>Fitted to %n measurement(s): efficiency (MFU) %1, overlap of communication %2, latency %3 per collective; every layout is re-predicted with them.</source>
            <translation>
                <numerusform>按 %n 个实测值拟合：算力利用率（MFU）%1，通信重叠比例 %2，每次集合通信延迟 %3；所有布局都按这些值重新预测。</numerusform>
            </translation>
        </message>
        <message>
            <source>Measured a run? Enter its speed on one or more layouts, or read it from the run's metrics; the other layouts are predicted from them. Two layouts (1 and 2 GPUs) also fit what communication costs.</source>
            <translation>测过一次运行？输入它在一个或多个布局上的速度，或从运行的指标中读取；其他布局据此预测。两个布局（1 块和 2 块 GPU）还能拟合出通信的开销。</translation>
        </message>
        <message>
            <source>Add measurement</source>
            <translation>添加实测值</translation>
        </message>
        <message>
            <source>From a run…</source>
            <translation>从运行读取…</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>移除</translation>
        </message>
        <message>
            <source>Clear all</source>
            <translation>全部清除</translation>
        </message>
        <message>
            <source>Measurements</source>
            <translation>实测值</translation>
        </message>
        <message>
            <source>No measurement entered: the figures use the assumed efficiency (MFU %1).</source>
            <translation>尚未输入实测值：各项数字按假设的算力利用率（MFU %1）估算。</translation>
        </message>
        <message>
            <source>Calibration</source>
            <translation>校准</translation>
        </message>
        <message>
            <source>Measured on:</source>
            <translation>实测布局：</translation>
        </message>
        <message>
            <source>Speed:</source>
            <translation>速度：</translation>
        </message>
        <message>
            <source>steps/s</source>
            <translation>步/秒</translation>
        </message>
        <message>
            <source>samples/s</source>
            <translation>样本/秒</translation>
        </message>
        <message>
            <source>s/step</source>
            <translation>秒/步</translation>
        </message>
        <message>
            <source>Unit</source>
            <translation>单位</translation>
        </message>
        <message>
            <source>Not added: %1.</source>
            <translation>未添加：%1。</translation>
        </message>
        <message>
            <source>%1: %2 %3 at %4</source>
            <translation>%1：%2 %3（%4）</translation>
        </message>
        <message>
            <source>Step time on %1: %2.</source>
            <translation>%1 的每步时间：%2。</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::CardViewBar</name>
        <message>
            <source>Smoothing</source>
            <translation>平滑</translation>
        </message>
        <message>
            <source>Log scale</source>
            <translation>对数刻度</translation>
        </message>
        <message>
            <source>Ignore outliers</source>
            <translation>忽略离群值</translation>
        </message>
        <message>
            <source>x axis</source>
            <translation>x 轴</translation>
        </message>
        <message>
            <source>Step</source>
            <translation>步</translation>
        </message>
        <message>
            <source>Relative time (h)</source>
            <translation>相对时间（小时）</translation>
        </message>
        <message>
            <source>Wall time</source>
            <translation>时钟时间</translation>
        </message>
        <message>
            <source>Follow the live edge</source>
            <translation>跟随最新数据</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::CostPanel</name>
        <message>
            <source>Cost</source>
            <translation>费用</translation>
        </message>
        <message>
            <source>%1 ±%2%</source>
            <translation>%1 ±%2%</translation>
        </message>
        <message>
            <source>Layout</source>
            <translation>布局</translation>
        </message>
        <message>
            <source>Per hour</source>
            <translation>每小时</translation>
        </message>
        <message>
            <source>Time to finish</source>
            <translation>完成用时</translation>
        </message>
        <message>
            <source>Cost to finish</source>
            <translation>完成所需费用</translation>
        </message>
        <message>
            <source>To fit: %1</source>
            <translation>为放进显存：%1</translation>
        </message>
        <message>
            <source>%1 %2 on %3: %4</source>
            <translation>%3 上的 %1 %2：%4</translation>
        </message>
        <message>
            <source>… and %1 more</source>
            <translation>……另有 %1 个</translation>
        </message>
        <message>
            <source>★ the fastest layout within the budget (below)</source>
            <translation>★ 预算内最快的布局（见下）</translation>
        </message>
        <message>
            <source>★ the cheapest layout that meets the deadline (below)</source>
            <translation>★ 满足截止时间的最便宜布局（见下）</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::CostPlot</name>
        <message>
            <source>Cost against time to finish</source>
            <translation>费用与完成用时</translation>
        </message>
        <message>
            <source>Time to finish (h)</source>
            <translation>完成用时（小时）</translation>
        </message>
        <message>
            <source>Cost to finish</source>
            <translation>完成所需费用</translation>
        </message>
        <message>
            <source>Cost to finish (%1)</source>
            <translation>完成所需费用（%1）</translation>
        </message>
        <message>
            <source>No layout can run at a known price.</source>
            <translation>没有能按已知价格运行的布局。</translation>
        </message>
        <message>
            <source>chosen</source>
            <translation>选中</translation>
        </message>
        <message>
            <source>chosen: %1, %2, %3</source>
            <translation>选中：%1，%2，%3</translation>
        </message>
        <message>
            <source>deadline %1</source>
            <translation>截止 %1</translation>
        </message>
        <message>
            <source>budget %1</source>
            <translation>预算 %1</translation>
        </message>
        <message>
            <source>Export the plot as PNG…</source>
            <translation>将图导出为 PNG…</translation>
        </message>
        <message>
            <source>Export the plot as SVG…</source>
            <translation>将图导出为 SVG…</translation>
        </message>
        <message>
            <source>PNG images (*.png)</source>
            <translation>PNG 图像 (*.png)</translation>
        </message>
        <message>
            <source>SVG images (*.svg)</source>
            <translation>SVG 图像 (*.svg)</translation>
        </message>
        <message>
            <source>Export</source>
            <translation>导出</translation>
        </message>
        <message>
            <source>%1 could not be written.</source>
            <translation>无法写入 %1。</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::FieldForm</name>
        <message>
            <source>%1 (%2)</source>
            <comment>a field's label and its currency</comment>
            <translation>%1（%2）</translation>
        </message>
        <message>
            <source>%1 decides it.</source>
            <translation>由%1决定。</translation>
        </message>
        <message>
            <source>%1 decides it: %2 on %3.</source>
            <translation>由%1决定：在 %3 上为 %2。</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::FieldsPage</name>
        <message>
            <source>Next is unavailable until this is fixed: %1</source>
            <translation>修正以下问题后才能进入下一步：%1</translation>
        </message>
        <message>
            <source>Model</source>
            <translation>模型</translation>
        </message>
        <message>
            <source>A model from the catalogue, its Hugging Face config.json, a trainer preset or your own numbers.</source>
            <translation>从模型目录选择、导入 Hugging Face 的 config.json、使用训练器预设，或填写你自己的数值。</translation>
        </message>
        <message>
            <source>Data</source>
            <translation>数据</translation>
        </message>
        <message>
            <source>What one sample is, how the activations are kept, and how many samples there are.</source>
            <translation>一个样本有多大、激活值如何保存，以及共有多少样本。</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::FileSaver</name>
        <message>
            <source>Save the generated files to</source>
            <translation>将生成的文件保存到</translation>
        </message>
        <message>
            <source>Replace existing files?</source>
            <translation>替换已有文件？</translation>
        </message>
        <message>
            <source>%1 of the %2 files already exist in %3. Replace them?</source>
            <translation>%2 个文件中有 %1 个已存在于 %3。要替换它们吗？</translation>
        </message>
        <message>
            <source>Nothing saved.</source>
            <translation>未保存任何文件。</translation>
        </message>
        <message>
            <source>Saving files…</source>
            <translation>正在保存文件…</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>Save files</source>
            <translation>保存文件</translation>
        </message>
        <message>
            <source>Saved %1 files to %2.</source>
            <translation>已将 %1 个文件保存到 %2。</translation>
        </message>
        <message>
            <source>Cancelled after %1 of %2 files.</source>
            <translation>已取消：%2 个文件中已保存 %1 个。</translation>
        </message>
        <message>
            <source>Cannot create the folder for %1.</source>
            <translation>无法为 %1 创建文件夹。</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::FindingView</name>
        <message>
            <source>Error</source>
            <translation>错误</translation>
        </message>
        <message>
            <source>Warning</source>
            <translation>警告</translation>
        </message>
        <message>
            <source>Note</source>
            <translation>提示</translation>
        </message>
        <message>
            <source>Apply fix</source>
            <translation>一键修正</translation>
        </message>
        <message>
            <source>Fix: %1</source>
            <translation>修正：%1</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::FindingsList</name>
        <message>
            <source>No problems found.</source>
            <translation>未发现问题。</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::GeneratedFilesPage</name>
        <message>
            <source>The plan is not complete: %1</source>
            <translation>计划尚不完整：%1</translation>
        </message>
        <message>
            <source>Not generated until the options are given: %1</source>
            <translation>补充以下选项后才会生成：%1</translation>
        </message>
        <message>
            <source>Tick one or more targets to see their files.</source>
            <translation>勾选一个或多个目标以查看其文件。</translation>
        </message>
        <message>
            <source>Copied %1 to the clipboard.</source>
            <translation>已将 %1 复制到剪贴板。</translation>
        </message>
        <message>
            <source>This build of TrainDeck has no generators: the launch files cannot be shown.</source>
            <translation>此版本的 TrainDeck 未包含生成器，无法显示启动文件。</translation>
        </message>
        <message>
            <source>Targets</source>
            <translation>目标</translation>
        </message>
        <message>
            <source>Files:</source>
            <translation>文件：</translation>
        </message>
        <message>
            <source>Copy file to clipboard</source>
            <translation>复制文件到剪贴板</translation>
        </message>
        <message>
            <source>Save all to folder…</source>
            <translation>全部保存到文件夹…</translation>
        </message>
        <message>
            <source>The plan has errors (see the Layouts tab): these files would not run as planned.</source>
            <translation>计划中有错误（见“布局对比”页）：这些文件无法按计划运行。</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <comment>a target and what it needs</comment>
            <translation>%1：%2</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <comment>targets and why they have no files</comment>
            <translation>%1：%2</translation>
        </message>
        <message>
            <source>, </source>
            <comment>between the names of targets</comment>
            <translation>、</translation>
        </message>
        <message>
            <source>Note: %1</source>
            <translation>提示：%1</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::HostKeyDialog</name>
        <message>
            <source>Unknown host key</source>
            <translation>未知的主机密钥</translation>
        </message>
        <message>
            <source>Node %1 (%2) is not in known_hosts.

Its %3 key's fingerprint is
%4

Trust this key and record it? Compare the fingerprint with the one the host's administrator gives you (ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub).</source>
            <translation>节点 %1（%2）不在 known_hosts 中。

它的 %3 密钥指纹为
%4

信任并记录此密钥吗？请先与主机管理员提供的指纹核对（ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub）。</translation>
        </message>
        <message>
            <source>Trust and record</source>
            <translation>信任并记录</translation>
        </message>
        <message>
            <source>Refuse</source>
            <translation>拒绝</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::LaunchForm</name>
        <message>
            <source>Run the single node on this machine</source>
            <translation>在本机运行这唯一的节点</translation>
        </message>
        <message>
            <source>Run folder</source>
            <translation>运行文件夹</translation>
        </message>
        <message>
            <source>default: ~/.local/share/TrainDeck/runs/RUN_ID</source>
            <translation>默认：~/.local/share/TrainDeck/runs/RUN_ID</translation>
        </message>
        <message>
            <source>Folder on each host</source>
            <translation>各主机上的文件夹</translation>
        </message>
        <message>
            <source>default: ~/.traindeck/runs (the run's files go to FOLDER/RUN_ID)</source>
            <translation>默认：~/.traindeck/runs（运行所需文件放在 文件夹/RUN_ID 下）</translation>
        </message>
        <message>
            <source>Identity file</source>
            <translation>私钥文件</translation>
        </message>
        <message>
            <source>default: the agent, then ~/.ssh/config's</source>
            <translation>默认：先用 ssh-agent，再用 ~/.ssh/config 中的</translation>
        </message>
        <message>
            <source>known_hosts</source>
            <translation>known_hosts</translation>
        </message>
        <message>
            <source>ssh configuration</source>
            <translation>ssh 配置</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::LaunchLog</name>
        <message>
            <source>Log</source>
            <translation>日志</translation>
        </message>
        <message>
            <source>Find in the log (Enter: next)</source>
            <translation>在日志中查找（回车：下一个）</translation>
        </message>
        <message>
            <source>Follow</source>
            <translation>跟随最新</translation>
        </message>
        <message>
            <source>All nodes</source>
            <translation>全部节点</translation>
        </message>
        <message>
            <source>Node %1</source>
            <translation>节点 %1</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::LaunchNodesModel</name>
        <message>
            <source>Node</source>
            <translation>节点</translation>
        </message>
        <message>
            <source>Host ([user@]host[:port] or ssh alias)</source>
            <translation>主机（[user@]host[:port] 或 ssh 别名）</translation>
        </message>
        <message>
            <source>State</source>
            <translation>状态</translation>
        </message>
        <message>
            <source>Step</source>
            <translation>步</translation>
        </message>
        <message>
            <source>Exit status or reason</source>
            <translation>退出状态或原因</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::LaunchPage</name>
        <message>
            <source>Kill</source>
            <translation>强制结束</translation>
        </message>
        <message>
            <source>SIGKILL to every node's processes at once: no checkpoint</source>
            <translation>立即向所有节点的进程发送 SIGKILL：不保存检查点</translation>
        </message>
        <message>
            <source>Open run folder</source>
            <translation>打开运行文件夹</translation>
        </message>
        <message>
            <source>Every node's whole output, the plan and the events (launch.jsonl)</source>
            <translation>每个节点的完整输出、计划和事件记录（launch.jsonl）</translation>
        </message>
        <message>
            <source>Run folder: %1</source>
            <translation>运行文件夹：%1</translation>
        </message>
        <message>
            <source>Checking the nodes…</source>
            <translation>正在检查各节点…</translation>
        </message>
        <message>
            <source>Starting the nodes…</source>
            <translation>正在启动各节点…</translation>
        </message>
        <message>
            <source>Stopping every node (SIGTERM; SIGKILL after %1 s, or at a second Stop)…</source>
            <translation>正在停止所有节点（SIGTERM；%1 秒后或再次点击“停止”时发送 SIGKILL）…</translation>
        </message>
        <message>
            <source>Killing every node…</source>
            <translation>正在强制结束所有节点…</translation>
        </message>
        <message>
            <source>Every node is running; Stop ends them all (the trainer checkpoints on SIGTERM).</source>
            <translation>所有节点均在运行；“停止”会结束全部节点（训练程序收到 SIGTERM 时会保存检查点）。</translation>
        </message>
        <message>
            <source>Kill now</source>
            <translation>立即强制结束</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>停止</translation>
        </message>
        <message>
            <source>Starts the plan's nodes: each node runs the generated SSH node script, after checks on every node (reachable, GPUs per node, the workload, node 0's port, the files). Each node's output is kept whole in the run folder. When one node fails, every other node is stopped.</source>
            <translation>启动计划中的各节点：先检查每个节点（可连接、每节点 GPU 数、训练程序、节点 0 的端口、所需文件），再由每个节点运行生成的 SSH 节点脚本。每个节点的输出完整保存在运行文件夹中。任一节点失败时，其他节点全部停止。</translation>
        </message>
        <message>
            <source>Check nodes</source>
            <translation>检查节点</translation>
        </message>
        <message>
            <source>Runs the pre-flight checks on every node; starts nothing</source>
            <translation>在每个节点上运行启动前检查；不启动任何程序</translation>
        </message>
        <message>
            <source>Start</source>
            <translation>启动</translation>
        </message>
        <message>
            <source>Watch this run</source>
            <translation>监视此运行</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::LayoutColumn</name>
        <message>
            <source>Remove layout %1</source>
            <translation>移除布局 %1</translation>
        </message>
        <message>
            <source>this plan</source>
            <translation>本计划</translation>
        </message>
        <message>
            <source>cannot run</source>
            <translation>无法运行</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::LayoutsPage</name>
        <message>
            <source>Findings</source>
            <translation>检查结果</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::MainWindow</name>
        <message>
            <source>Add layout %1</source>
            <translation>添加布局 %1</translation>
        </message>
        <message>
            <source>Remove layout %1</source>
            <translation>移除布局 %1</translation>
        </message>
        <message>
            <source>Calibrate</source>
            <translation>校准</translation>
        </message>
        <message>
            <source>Clear calibration</source>
            <translation>清除校准</translation>
        </message>
        <message>
            <source>Layouts</source>
            <translation>布局对比</translation>
        </message>
        <message>
            <source>Plots and calibration</source>
            <translation>图表与校准</translation>
        </message>
        <message>
            <source>Generated files</source>
            <translation>生成的文件</translation>
        </message>
        <message>
            <source>Plan incomplete</source>
            <translation>计划不完整</translation>
        </message>
        <message>
            <source>%1[*] — TrainDeck</source>
            <translation>%1[*] — TrainDeck</translation>
        </message>
        <message>
            <source>Fix: %1</source>
            <translation>修正：%1</translation>
        </message>
        <message>
            <source>Fix not applied</source>
            <translation>未能应用修正</translation>
        </message>
        <message>
            <source>Applied: %1</source>
            <translation>已应用：%1</translation>
        </message>
        <message>
            <source>Calibrate the plan</source>
            <translation>校准计划</translation>
        </message>
        <message>
            <source>Watch</source>
            <translation>监视</translation>
        </message>
        <message>
            <source>Launch</source>
            <translation>启动运行</translation>
        </message>
        <message>
            <source>Stop the run?</source>
            <translation>停止运行？</translation>
        </message>
        <message>
            <source>A run started from the Launch tab is still going. Closing the window stops every node (SIGTERM, then SIGKILL after the grace period). Stop it and close?</source>
            <translation>从“启动运行”页启动的运行仍在进行。关闭窗口会停止所有节点（先发送 SIGTERM，宽限期过后发送 SIGKILL）。停止运行并关闭窗口吗？</translation>
        </message>
        <message>
            <source>Timeline</source>
            <translation>时间线</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::MemoryBar</name>
        <message>
            <source>Memory per GPU</source>
            <translation>每 GPU 显存</translation>
        </message>
        <message>
            <source>Gradients</source>
            <translation>梯度</translation>
        </message>
        <message>
            <source>Optimizer state</source>
            <translation>优化器状态</translation>
        </message>
        <message>
            <source>Activations</source>
            <translation>激活</translation>
        </message>
        <message>
            <source>Overhead</source>
            <translation>额外开销</translation>
        </message>
        <message>
            <source>Card</source>
            <translation>显卡容量</translation>
        </message>
        <message>
            <source>Does not fit on the card.</source>
            <translation>显存放不下。</translation>
        </message>
        <message>
            <source>Logits</source>
            <translation>输出分数（logits）</translation>
        </message>
        <message>
            <source>Weights</source>
            <translation>权重</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::ModelSourceBox</name>
        <message>
            <source>Import a Hugging Face config.json</source>
            <translation>导入 Hugging Face 的 config.json</translation>
        </message>
        <message>
            <source>Model configs (*.json)</source>
            <translation>模型配置 (*.json)</translation>
        </message>
        <message>
            <source>All files (*)</source>
            <translation>所有文件 (*)</translation>
        </message>
        <message>
            <source>&amp;Model:</source>
            <translation>模型(&amp;M)：</translation>
        </message>
        <message>
            <source>Your own (a trainer preset or the numbers below)</source>
            <translation>自定义（训练器预设或下方的数值）</translation>
        </message>
        <message>
            <source>Models whose architecture TrainDeck knows: parameters, FLOPs and activation memory follow from it.</source>
            <translation>TrainDeck 知道其架构的模型：参数量、FLOPs 和激活显存都由架构算出。</translation>
        </message>
        <message>
            <source>Import config.json…</source>
            <translation>导入 config.json…</translation>
        </message>
        <message>
            <source>Read the architecture from a Hugging Face config.json (llama, qwen2, mistral, mixtral, gpt2, vit).</source>
            <translation>从 Hugging Face 的 config.json 读取架构（llama、qwen2、mistral、mixtral、gpt2、vit）。</translation>
        </message>
        <message>
            <source>Read the architecture from a Hugging Face config.json (%1; another decoder is read as Llama-like, with a warning).</source>
            <translation>从 Hugging Face 的 config.json 读取架构（%1；其他解码器按类 Llama 读取，并给出警告）。</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::PlanDocument</name>
        <message>
            <source>Untitled</source>
            <translation>未命名</translation>
        </message>
        <message>
            <source>Edit %1</source>
            <translation>编辑“%1”</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::PlanFiguresBox</name>
        <message>
            <source>So far: %1 · learning rate %2 · finishes in %3</source>
            <translation>目前：%1 · 学习率 %2 · 预计 %3 完成</translation>
        </message>
        <message>
            <source>Parameters: %1, of which %2 active per token</source>
            <translation>参数量：%1，其中每个 token 激活 %2</translation>
        </message>
        <message>
            <source>Parameters: %1</source>
            <translation>参数量：%1</translation>
        </message>
        <message>
            <source>Memory per GPU</source>
            <translation>每 GPU 显存</translation>
        </message>
        <message>
            <source>Gradient accumulation %1 · micro-batch %2 per GPU · %3 GPUs · effective batch %4</source>
            <translation>梯度累积 %1 · 每 GPU 微批 %2 · %3 个 GPU · 有效批大小 %4</translation>
        </message>
        <message>
            <source> (solved for the target batch %1)</source>
            <translation>（按目标批大小 %1 求得）</translation>
        </message>
        <message>
            <source>Effective batch</source>
            <translation>有效批大小</translation>
        </message>
        <message>
            <source>Memory per GPU %1, peaking %2: weights %3, gradients %4, optimizer %5, activations %6, logits %7, overhead %8</source>
            <translation>每 GPU 显存 %1，峰值出现%2：权重 %3，梯度 %4，优化器 %5，激活 %6，输出分数（logits）%7，额外开销 %8</translation>
        </message>
        <message>
            <source>Fits: %1 per GPU, the card has %2.</source>
            <translation>放得下：每 GPU 需 %1，显卡有 %2。</translation>
        </message>
        <message>
            <source>%1 GiB</source>
            <translation>%1 GiB</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::PlanFiles</name>
        <message>
            <source>Cannot open plan</source>
            <translation>无法打开计划</translation>
        </message>
        <message>
            <source>The plan file could not be opened.</source>
            <translation>无法打开这个计划文件。</translation>
        </message>
        <message>
            <source>Opened %1</source>
            <translation>已打开 %1</translation>
        </message>
        <message>
            <source>Open plan</source>
            <translation>打开计划</translation>
        </message>
        <message>
            <source>TrainDeck plans (*.yaml *.yml);;All files (*)</source>
            <translation>TrainDeck 计划 (*.yaml *.yml);;所有文件 (*)</translation>
        </message>
        <message>
            <source>Cannot save plan</source>
            <translation>无法保存计划</translation>
        </message>
        <message>
            <source>The plan could not be saved.</source>
            <translation>无法保存计划。</translation>
        </message>
        <message>
            <source>Saved %1</source>
            <translation>已保存 %1</translation>
        </message>
        <message>
            <source>Save plan</source>
            <translation>保存计划</translation>
        </message>
        <message>
            <source>TrainDeck plans (*.yaml *.yml)</source>
            <translation>TrainDeck 计划 (*.yaml *.yml)</translation>
        </message>
        <message>
            <source>Unsaved changes</source>
            <translation>未保存的更改</translation>
        </message>
        <message>
            <source>The plan “%1” has changes that are not saved. Save them?</source>
            <translation>计划“%1”有未保存的更改。要保存吗？</translation>
        </message>
        <message>
            <source>Plan created: Generated files says what its launch files still need. Ctrl+S saves it.</source>
            <translation>计划已创建：“生成的文件”页说明其启动文件还缺什么。Ctrl+S 保存。</translation>
        </message>
        <message>
            <source>Plan created: its launch files are on Generated files. Ctrl+S saves it.</source>
            <translation>计划已创建：其启动文件在“生成的文件”页。Ctrl+S 保存。</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::PlanView</name>
        <message>
            <source>Write a layout as nodes x GPUs per node, e.g. 4x8.</source>
            <translation>请按“节点数 x 每节点 GPU 数”填写布局，例如 4x8。</translation>
        </message>
        <message>
            <source>That layout is already shown.</source>
            <translation>该布局已在列表中。</translation>
        </message>
        <message>
            <source>The figures wait for a complete plan: %1</source>
            <translation>计划完整后才能显示各项数字：%1</translation>
        </message>
        <message>
            <source>Compare with layout:</source>
            <translation>对比布局：</translation>
        </message>
        <message>
            <source>e.g. 4x8</source>
            <translation>例如 4x8</translation>
        </message>
        <message>
            <source>Add</source>
            <translation>添加</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::PlanWizard</name>
        <message>
            <source>New plan</source>
            <translation>新建计划</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::PlotsPage</name>
        <message>
            <source>Time to finish per layout</source>
            <translation>各布局完成用时</translation>
        </message>
        <message>
            <source>Throughput per layout</source>
            <translation>各布局吞吐量</translation>
        </message>
        <message>
            <source>samples/s</source>
            <translation>样本/秒</translation>
        </message>
        <message>
            <source>layout (nodes × GPUs per node)</source>
            <translation>布局（节点数 × 每节点 GPU 数）</translation>
        </message>
        <message>
            <source>The plan is not complete yet.</source>
            <translation>计划尚不完整。</translation>
        </message>
        <message>
            <source>Learning-rate schedule (this plan's layout)</source>
            <translation>学习率调度（本计划的布局）</translation>
        </message>
        <message>
            <source>optimizer step</source>
            <translation>优化器步数</translation>
        </message>
        <message>
            <source>learning rate</source>
            <translation>学习率</translation>
        </message>
        <message>
            <source>checkpoint</source>
            <translation>检查点</translation>
        </message>
        <message>
            <source>validation</source>
            <translation>验证</translation>
        </message>
        <message>
            <source>Predicted and measured throughput</source>
            <translation>预测与实测吞吐量</translation>
        </message>
        <message>
            <source>Enter a measured speed above to compare.</source>
            <translation>在上方输入实测速度以进行对比。</translation>
        </message>
        <message>
            <source>measured</source>
            <translation>实测</translation>
        </message>
        <message>
            <source>No measured point can calibrate this plan: the panel above says why.</source>
            <translation>没有实测点能校准此计划：原因见上方面板。</translation>
        </message>
        <message>
            <source>model, calibrated</source>
            <translation>模型（校准后）</translation>
        </message>
        <message>
            <source>model, uncalibrated</source>
            <translation>模型（校准前）</translation>
        </message>
        <message>
            <source>the plan's layouts at %1</source>
            <translation>计划的各布局（%1）</translation>
        </message>
        <message>
            <source>plan</source>
            <translation>计划</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::ReviewPage</name>
        <message>
            <source>Finish is unavailable until this is fixed: %1</source>
            <translation>修正以下问题后才能完成：%1</translation>
        </message>
        <message>
            <source>Review</source>
            <translation>检查并确认</translation>
        </message>
        <message>
            <source>The plan on its own layout and the layouts it is compared with. Hover a figure for its formula.</source>
            <translation>本计划自身布局及对比布局的各项数字。将鼠标悬停在数字上可查看公式。</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::ScheduledJobPanel</name>
        <message>
            <source>Run folder of a submitted job</source>
            <translation>已提交作业的运行文件夹</translation>
        </message>
        <message>
            <source>Checking the plan against the cluster…</source>
            <translation>正在对照集群检查计划…</translation>
        </message>
        <message>
            <source>Submitting…</source>
            <translation>正在提交…</translation>
        </message>
        <message>
            <source>Slurm runs this plan: Submit writes its Slurm files into the run folder and submits them with sbatch; the job's state, the nodes it runs on and its output show here as they change, and the Watch page plots it from the run folder. Stop cancels the job (SIGTERM to its tasks first, so the trainer checkpoints). Closing the window leaves the job running: Attach follows it again.</source>
            <translation>此计划由 Slurm 运行：“提交”把 Slurm 文件写入运行文件夹并用 sbatch 提交；作业的状态、所在节点和输出在此随变化显示，“监视”页从运行文件夹绘图。“停止”取消作业（先向其任务发送 SIGTERM，训练器得以保存检查点）。关闭窗口不会结束作业：“接上”可再次跟踪它。</translation>
        </message>
        <message>
            <source>Run folder:</source>
            <translation>运行文件夹：</translation>
        </message>
        <message>
            <source>default: ~/.local/share/TrainDeck/runs/RUN_ID (shared with the nodes)</source>
            <translation>默认：~/.local/share/TrainDeck/runs/RUN_ID（须与节点共享）</translation>
        </message>
        <message>
            <source>Job:</source>
            <translation>作业：</translation>
        </message>
        <message>
            <source>State:</source>
            <translation>状态：</translation>
        </message>
        <message>
            <source>Nodes:</source>
            <translation>节点：</translation>
        </message>
        <message>
            <source>Check</source>
            <translation>检查</translation>
        </message>
        <message>
            <source>Check the plan against the cluster (sinfo) and write its files; submit nothing</source>
            <translation>对照集群检查计划（sinfo）并写出文件；不提交</translation>
        </message>
        <message>
            <source>Submit</source>
            <translation>提交</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>停止</translation>
        </message>
        <message>
            <source>scancel: SIGTERM to the job's tasks, the scheduler's cancel after the grace</source>
            <translation>scancel：先向作业的任务发送 SIGTERM，宽限期后由调度器取消</translation>
        </message>
        <message>
            <source>Attach…</source>
            <translation>接上…</translation>
        </message>
        <message>
            <source>Follow the job of a run folder submitted earlier</source>
            <translation>跟踪之前提交的运行文件夹中的作业</translation>
        </message>
        <message>
            <source>Watch</source>
            <translation>监视</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::SettingsDialog</name>
        <message>
            <source>Settings</source>
            <translation>设置</translation>
        </message>
        <message>
            <source>Language:</source>
            <translation>语言：</translation>
        </message>
        <message>
            <source>Follow the system (%1)</source>
            <translation>跟随系统（%1）</translation>
        </message>
        <message>
            <source>The language changes at once; numbers follow its format.</source>
            <translation>语言立即切换，数字格式随之改变。</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::ShortcutList</name>
        <message>
            <source>Keyboard shortcuts</source>
            <translation>键盘快捷键</translation>
        </message>
        <message>
            <source>Action</source>
            <translation>操作</translation>
        </message>
        <message>
            <source>Keys</source>
            <translation>按键</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::TargetOptionsBox</name>
        <message>
            <source>%1:</source>
            <comment>a field's label</comment>
            <translation>%1：</translation>
        </message>
        <message>
            <source>optional</source>
            <translation>可选</translation>
        </message>
        <message>
            <source>e.g. ecs.gn8v.48xlarge</source>
            <translation>例如 ecs.gn8v.48xlarge</translation>
        </message>
        <message>
            <source>e.g. 12345</source>
            <translation>例如 12345</translation>
        </message>
        <message>
            <source>QOS</source>
            <translation>QOS</translation>
        </message>
        <message>
            <source>PAI-DLC instance type</source>
            <translation>PAI-DLC 实例规格</translation>
        </message>
        <message>
            <source>PAI-DLC workspace ID</source>
            <translation>PAI-DLC 工作空间 ID</translation>
        </message>
        <message>
            <source>What the ticked targets need beyond the plan</source>
            <translation>勾选的目标在计划之外还需要的内容</translation>
        </message>
        <message>
            <source>Kueue queue</source>
            <translation>Kueue 队列</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::TimelinePlot</name>
        <message>
            <source>%1 ends %2</source>
            <translation>%1 结束于 %2</translation>
        </message>
        <message>
            <source>The run over time: planned for each layout, and watched runs</source>
            <translation>随时间推进的运行：各布局的计划与正在监视的运行</translation>
        </message>
        <message>
            <source>local time</source>
            <translation>本地时间</translation>
        </message>
        <message>
            <source>optimizer steps done</source>
            <translation>已完成的优化器步数</translation>
        </message>
        <message>
            <source>The plan is not complete yet.</source>
            <translation>计划尚未填写完整。</translation>
        </message>
        <message>
            <source>%1 (planned on %2)</source>
            <translation>%1（按 %2 的计划）</translation>
        </message>
        <message>
            <source>%1 (measured)</source>
            <translation>%1（实测）</translation>
        </message>
        <message>
            <source>%1: step %2 after %3, planned after %4.</source>
            <translation>%1：%3 后到达第 %2 步，计划为 %4 后。</translation>
        </message>
        <message>
            <source>%1: ends %2, in %3: training %4, evaluations %5, checkpoint writes %6.</source>
            <translation>%1：结束于 %2，用时 %3：训练 %4，验证 %5，检查点写入 %6。</translation>
        </message>
        <message>
            <source>Step time on %1: %2.</source>
            <translation>%1 的每步时间：%2。</translation>
        </message>
        <message>
            <source>%1: no planned line: %2</source>
            <translation>%1：不画计划线：%2</translation>
        </message>
        <message>
            <source>deadline %1</source>
            <translation>截止时间 %1</translation>
        </message>
        <message>
            <source>warm-up ends</source>
            <translation>预热结束</translation>
        </message>
        <message>
            <source>evaluation</source>
            <translation>验证</translation>
        </message>
        <message>
            <source>checkpoint</source>
            <translation>检查点</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::UserGuide</name>
        <message>
            <source>TrainDeck user's guide</source>
            <translation>TrainDeck 用户指南</translation>
        </message>
        <message>
            <source>User's guide</source>
            <translation>用户指南</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::WatchAlarms</name>
        <message>
            <source>TrainDeck: %1</source>
            <translation>TrainDeck：%1</translation>
        </message>
        <message>
            <source>attempt %1</source>
            <translation>第 %1 次尝试</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::WatchCards</name>
        <message>
            <source>Loss</source>
            <translation>损失</translation>
        </message>
        <message>
            <source>PSNR (dB)</source>
            <translation>PSNR (dB)</translation>
        </message>
        <message>
            <source>Learning rate</source>
            <translation>学习率</translation>
        </message>
        <message>
            <source>Samples/s (dashed: the plan's prediction)</source>
            <translation>样本/秒（虚线：计划的预测）</translation>
        </message>
        <message>
            <source>GPU memory (GiB)</source>
            <translation>GPU 显存（GiB）</translation>
        </message>
        <message>
            <source>GPU memory (GiB; dashed: capacity)</source>
            <translation>GPU 显存（GiB；虚线：容量）</translation>
        </message>
        <message>
            <source>Gradient norm</source>
            <translation>梯度范数</translation>
        </message>
        <message>
            <source>Evaluation loss</source>
            <translation>评估损失</translation>
        </message>
        <message>
            <source>Step time per rank (s)</source>
            <translation>各 rank 的步时间（秒）</translation>
        </message>
        <message>
            <source>rank %1</source>
            <translation>rank %1</translation>
        </message>
        <message>
            <source> · rank %1</source>
            <translation> · rank %1</translation>
        </message>
        <message>
            <source>capacity %1 GiB, above the scale</source>
            <translation>容量 %1 GiB，超出纵轴范围</translation>
        </message>
        <message>
            <source>Samples/s</source>
            <translation>样本/秒</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::WatchExport</name>
        <message>
            <source>TrainDeck: %1</source>
            <translation>TrainDeck：%1</translation>
        </message>
        <message>
            <source>Export</source>
            <translation>导出</translation>
        </message>
        <message>
            <source>%1 could not be written.</source>
            <translation>无法写入 %1。</translation>
        </message>
        <message>
            <source>PNG images (*.png)</source>
            <translation>PNG 图像 (*.png)</translation>
        </message>
        <message>
            <source>SVG images (*.svg)</source>
            <translation>SVG 图像 (*.svg)</translation>
        </message>
        <message>
            <source>Export the cards as an image</source>
            <translation>将卡片导出为图像</translation>
        </message>
        <message>
            <source>Export the series as CSV</source>
            <translation>将数据序列导出为 CSV</translation>
        </message>
        <message>
            <source>CSV files (*.csv)</source>
            <translation>CSV 文件 (*.csv)</translation>
        </message>
        <message>
            <source>Export this card as an image (PNG or SVG)…</source>
            <translation>将此卡片导出为图像（PNG 或 SVG）…</translation>
        </message>
        <message>
            <source>Export this card's data as CSV…</source>
            <translation>将此卡片的数据导出为 CSV…</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::WatchPage</name>
        <message numerus="yes">
            <source>%n run(s), %1 points held in %2 MB</source>
            <translation>
                <numerusform>%n 个运行，%1 个数据点，占用 %2 MB</numerusform>
            </translation>
        </message>
        <message>
            <source>Calibrate the plan</source>
            <translation>校准计划</translation>
        </message>
        <message>
            <source>Watch a file…</source>
            <translation>监视文件…</translation>
        </message>
        <message>
            <source>Watch a folder…</source>
            <translation>监视文件夹…</translation>
        </message>
        <message>
            <source>Export CSV…</source>
            <translation>导出 CSV…</translation>
        </message>
        <message>
            <source>Calibrate the plan from this run</source>
            <translation>用此运行校准计划</translation>
        </message>
        <message>
            <source>Add run…</source>
            <translation>添加运行…</translation>
        </message>
        <message>
            <source>A path, ssh://[user@]host[:port]/path on another machine, or | a command</source>
            <translation>路径、另一台机器上的 ssh://[user@]host[:port]/path，或 | 命令</translation>
        </message>
        <message>
            <source>Nothing watched yet. A trainer's metrics file, a run folder, a TensorBoard logdir or a training log here; a run on another machine (ssh://host/path) or a command's output (| kubectl logs -f …) with Add run…</source>
            <translation>尚未监视任何运行。可在此监视训练器的指标文件、运行文件夹、TensorBoard 日志目录或训练日志；另一台机器上的运行（ssh://host/path）或命令的输出（| kubectl logs -f …）请用“添加运行…”。</translation>
        </message>
        <message>
            <source>Export image…</source>
            <translation>导出图像…</translation>
        </message>
        <message>
            <source>The cards as one picture: PNG, or SVG (vector graphics) for a file named .svg</source>
            <translation>所有卡片合成一张图：PNG；文件名以 .svg 结尾时为 SVG（矢量图）</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::WatchRunsPanel</name>
        <message>
            <source>Show only this run</source>
            <translation>只显示此运行</translation>
        </message>
        <message>
            <source>Show every run</source>
            <translation>显示所有运行</translation>
        </message>
        <message>
            <source>Copy this run's summary</source>
            <translation>复制此运行的摘要</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::WatchSources</name>
        <message>
            <source>Connecting to %1…</source>
            <translation>正在连接 %1…</translation>
        </message>
        <message>
            <source>Unknown host key</source>
            <translation>未知的主机密钥</translation>
        </message>
        <message>
            <source>The host key of %1 is not known yet.

%2 key fingerprint:
%3

Accept it only if this is the fingerprint the host's administrator gives you (ssh-keygen -lf on the host). Accepted, it is added to %4 as traindeck launch adds it.</source>
            <translation>%1 的主机密钥尚未知晓。

%2 密钥指纹：
%3

只有当这是该主机管理员给您的指纹（在主机上运行 ssh-keygen -lf）时才接受。接受后，它会像 traindeck launch 那样被添加到 %4。</translation>
        </message>
        <message>
            <source>Accept and remember</source>
            <translation>接受并记住</translation>
        </message>
        <message>
            <source>Refuse</source>
            <translation>拒绝</translation>
        </message>
        <message>
            <source>Watch a metrics file, log or event file</source>
            <translation>监视指标文件、日志或事件文件</translation>
        </message>
        <message>
            <source>Watch a run folder or a TensorBoard logdir</source>
            <translation>监视运行文件夹或 TensorBoard 日志目录</translation>
        </message>
        <message>
            <source>Add a run</source>
            <translation>添加运行</translation>
        </message>
        <message>
            <source>A path here, a path on another machine as ssh://[user@]host[:port]/path (host keys are checked as the launcher checks them), or a command whose output is the run's lines, starting with |, e.g. | kubectl logs -f -l job-name=NAME --prefix</source>
            <translation>本机路径、另一台机器上的路径（写作 ssh://[user@]host[:port]/path，主机密钥的检查方式与启动器相同），或以 | 开头、输出即运行各行的命令，例如 | kubectl logs -f -l job-name=NAME --prefix</translation>
        </message>
    </context>
    <context>
        <name>traindeck::gui::WindowMenus</name>
        <message>
            <source>About TrainDeck</source>
            <translation>关于 TrainDeck</translation>
        </message>
        <message>
            <source>&lt;b&gt;TrainDeck&lt;/b&gt; %1&lt;br&gt;Plan, generate and launch multi-node GPU training runs.</source>
            <translation>&lt;b&gt;TrainDeck&lt;/b&gt; %1&lt;br&gt;规划、生成并启动多节点 GPU 训练任务。</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>文件(&amp;F)</translation>
        </message>
        <message>
            <source>Open &amp;Recent</source>
            <translation>最近打开(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;Edit</source>
            <translation>编辑(&amp;E)</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>视图(&amp;V)</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>帮助(&amp;H)</translation>
        </message>
        <message>
            <source>Main toolbar</source>
            <translation>主工具栏</translation>
        </message>
        <message>
            <source>&amp;New Plan…</source>
            <translation>新建计划(&amp;N)…</translation>
        </message>
        <message>
            <source>Start a new plan with the step-by-step wizard</source>
            <translation>用分步向导新建计划</translation>
        </message>
        <message>
            <source>&amp;Open…</source>
            <translation>打开(&amp;O)…</translation>
        </message>
        <message>
            <source>Open &amp;Demo Plan</source>
            <translation>打开示例计划(&amp;D)</translation>
        </message>
        <message>
            <source>&amp;Save</source>
            <translation>保存(&amp;S)</translation>
        </message>
        <message>
            <source>Save &amp;As…</source>
            <translation>另存为(&amp;A)…</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>退出(&amp;Q)</translation>
        </message>
        <message>
            <source>&amp;Settings…</source>
            <translation>设置(&amp;S)…</translation>
        </message>
        <message>
            <source>&amp;About TrainDeck</source>
            <translation>关于 TrainDeck(&amp;A)</translation>
        </message>
        <message>
            <source>&amp;User's Guide</source>
            <translation>用户指南(&amp;U)</translation>
        </message>
        <message>
            <source>&amp;Keyboard Shortcuts</source>
            <translation>键盘快捷键(&amp;K)</translation>
        </message>
        <message>
            <source>What's &amp;This?</source>
            <translation>这是什么？(&amp;T)</translation>
        </message>
        <message>
            <source>Plan &amp;Form</source>
            <translation>计划表单(&amp;F)</translation>
        </message>
        <message>
            <source>Show or hide the plan's fields, to give the pages the whole width</source>
            <translation>显示或隐藏计划字段，让页面占满整个宽度</translation>
        </message>
        <message>
            <source>&amp;Undo</source>
            <translation>撤销(&amp;U)</translation>
        </message>
        <message>
            <source>&amp;Undo %1</source>
            <translation>撤销 %1(&amp;U)</translation>
        </message>
        <message>
            <source>&amp;Redo</source>
            <translation>重做(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;Redo %1</source>
            <translation>重做 %1(&amp;R)</translation>
        </message>
        <message>
            <source>Undo</source>
            <translation>撤销</translation>
        </message>
        <message>
            <source>Redo</source>
            <translation>重做</translation>
        </message>
    </context>
    <context>
        <name>ModelFamilies</name>
        <message>
            <source>Llama</source>
            <translation>Llama</translation>
        </message>
        <message>
            <source>Qwen2.5</source>
            <translation>Qwen2.5</translation>
        </message>
        <message>
            <source>Qwen3</source>
            <translation>Qwen3</translation>
        </message>
        <message>
            <source>Qwen3 mixture of experts</source>
            <translation>Qwen3 混合专家</translation>
        </message>
        <message>
            <source>Mistral</source>
            <translation>Mistral</translation>
        </message>
        <message>
            <source>Mixtral mixture of experts</source>
            <translation>Mixtral 混合专家</translation>
        </message>
        <message>
            <source>Gemma 2</source>
            <translation>Gemma 2</translation>
        </message>
        <message>
            <source>Gemma 3 (text)</source>
            <translation>Gemma 3（文本）</translation>
        </message>
        <message>
            <source>Phi-3 and Phi-4</source>
            <translation>Phi-3 与 Phi-4</translation>
        </message>
        <message>
            <source>DeepSeek-V2 mixture of experts</source>
            <translation>DeepSeek-V2 混合专家</translation>
        </message>
        <message>
            <source>DeepSeek-V3 and R1 mixture of experts</source>
            <translation>DeepSeek-V3 与 R1 混合专家</translation>
        </message>
        <message>
            <source>OLMo 2</source>
            <translation>OLMo 2</translation>
        </message>
        <message>
            <source>Granite</source>
            <translation>Granite</translation>
        </message>
        <message>
            <source>gpt-oss mixture of experts</source>
            <translation>gpt-oss 混合专家</translation>
        </message>
        <message>
            <source>GPT-2</source>
            <translation>GPT-2</translation>
        </message>
        <message>
            <source>Vision transformer</source>
            <translation>视觉 Transformer</translation>
        </message>
        <message>
            <source>traindeck-trainer and video autoencoders</source>
            <translation>traindeck-trainer 与视频自编码器</translation>
        </message>
    </context>
    <context>
        <name>MetricUnits</name>
        <message>
            <source>%1 ms</source>
            <translation>%1 毫秒</translation>
        </message>
        <message>
            <source>%1 s</source>
            <translation>%1 秒</translation>
        </message>
        <message>
            <source>s</source>
            <translation>秒</translation>
        </message>
        <message>
            <source>ms</source>
            <translation>毫秒</translation>
        </message>
        <message>
            <source>%1 (%2)</source>
            <translation>%1（%2）</translation>
        </message>
    </context>
</TS>
