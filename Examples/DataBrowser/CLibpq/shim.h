#ifndef TERMELEMENTS_CLIBPQ_SHIM_H
#define TERMELEMENTS_CLIBPQ_SHIM_H

/* libpq, PostgreSQL's C client: its include directory comes from pkg-config (libpq.pc). */
#include <libpq-fe.h>

#endif
