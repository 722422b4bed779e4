# shellcheck shell=bash
# The test clusters' slurm.conf, one source for cluster.sh (ctest's two-node cluster)
# and run.sh (the generated job.sbatch alone): a cluster of root's on this machine,
# munge on its own socket, each slurmd's spool, pid file and log under DIR/NODE/.
#
#   slurm_conf DIR PORT MUNGE_SOCKET NODE_LINES   writes DIR/slurm.conf, the controller
#                                                 on 127.0.0.1:PORT, the nodes as given
slurm_conf() {
  local dir=$1 port=$2 socket=$3 nodes=$4
  cat >"$dir/slurm.conf" <<CONF
ClusterName=traindeck
SlurmctldHost=$(hostname -s)(127.0.0.1)
SlurmctldPort=$port
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/%n/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/%n/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/%n/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
GresTypes=gpu
ReturnToService=2
MpiDefault=none
KillWait=5
MinJobAge=600
SchedulerParameters=sched_interval=2
$nodes
PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
}
