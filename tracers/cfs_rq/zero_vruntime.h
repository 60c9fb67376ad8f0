/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct cfs_rq as in Debian 12's 6.12.117 (and the 6.12 stable trees that
 * renamed min_vruntime): v0 is zero_vruntime, sums still avg_vruntime and
 * avg_load. eevdf_pick.bt's default.
 */
#define CFS_V0 zero_vruntime
#define CFS_SUM avg_vruntime
#define CFS_LOAD avg_load
