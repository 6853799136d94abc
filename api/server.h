/*
 * server.h - the HTTP server: libmicrohttpd's epoll thread pool does the
 * I/O; requests that need the database are suspended and handed to a
 * pool of worker threads, each with its own connection, and resumed when
 * their answer is ready. A slow query therefore never stalls the other
 * connections of an I/O thread.
 */
#ifndef TURNPOST_API_SERVER_H
#define TURNPOST_API_SERVER_H

#include "app.h"

struct server;

/*
 * Starts serving app on address:port with io_threads I/O threads and
 * app->workers workers. Returns NULL with a message on stderr on failure.
 */
struct server *server_start(struct app *app, const char *address, int port,
                            int io_threads);

/* Stops accepting, finishes the queued requests, and frees the server. */
void server_stop(struct server *s);

#endif
