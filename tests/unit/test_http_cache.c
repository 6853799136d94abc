/*
 * The small parsers of browser-facing HTTP: If-None-Match (lists, weak
 * tags, "*", gzip variants), the version in an If-Match, Accept-Encoding's
 * q-values, the CORS origin list, and gzip itself.
 */
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "check.h"
#include "compress.h"
#include "cors.h"
#include "http_cache.h"

static void test_if_none_match_compares_weakly(void)
{
    CHECK(http_cache_none_match("\"7.0\"", "\"7.0\""));
    CHECK(http_cache_none_match("W/\"7.0\"", "\"7.0\""));
    CHECK(http_cache_none_match("\"a\", W/\"b\" ,\"7.0\"", "\"7.0\""));
    CHECK(http_cache_none_match("*", "\"7.0\""));
    CHECK(http_cache_none_match(" * ", "\"7.0\""));
    /* a gzip variant and its identity are one resource state */
    CHECK(http_cache_none_match("\"7.0-gz\"", "\"7.0\""));
    CHECK(http_cache_none_match("\"7.0\"", "\"7.0-gz\""));
    CHECK(!http_cache_none_match("\"7.1\"", "\"7.0\""));
    CHECK(!http_cache_none_match("\"7.0x\"", "\"7.0\""));
    CHECK(!http_cache_none_match("\"7.0", "\"7.0\""));        /* unterminated */
    CHECK(!http_cache_none_match("7.0", "\"7.0\""));          /* unquoted */
    CHECK(!http_cache_none_match("\"-gz\"", "\"\""));
    CHECK(!http_cache_none_match(NULL, "\"7.0\""));
    CHECK(!http_cache_none_match("*", ""));                   /* nothing to match */
}

static void test_if_match_reads_the_version(void)
{
    CHECK_EQ_INT(http_cache_etag_version("\"7\""), 7);
    CHECK_EQ_INT(http_cache_etag_version("\"7.0\""), 7);
    CHECK_EQ_INT(http_cache_etag_version("\"12.spectator-gz\""), 12);
    CHECK_EQ_INT(http_cache_etag_version("W/\"7\""), -1);     /* strong comparison */
    CHECK_EQ_INT(http_cache_etag_version("\"7x\""), -1);
    CHECK_EQ_INT(http_cache_etag_version("\"x7\""), -1);
    CHECK_EQ_INT(http_cache_etag_version("\"7.0"), -1);
    CHECK_EQ_INT(http_cache_etag_version(""), -1);
}

static void test_view_tags_differ_per_viewer(void)
{
    struct request a = {0}, b = {0}, s = {0};

    http_cache_view_etag(&a, 9, 0, NULL);
    http_cache_view_etag(&b, 9, 1, NULL);
    http_cache_view_etag(&s, 9, -1, NULL);
    CHECK_EQ_STR(a.etag, "\"9.0\"");
    CHECK_EQ_STR(b.etag, "\"9.1\"");
    CHECK_EQ_STR(s.etag, "\"9.spectator\"");
    http_cache_gzip_etag(s.etag, sizeof s.etag);
    CHECK_EQ_STR(s.etag, "\"9.spectator-gz\"");
}

static void test_accept_encoding_honours_q(void)
{
    CHECK(compress_accepts_gzip("gzip"));
    CHECK(compress_accepts_gzip("gzip, deflate, br"));
    CHECK(compress_accepts_gzip("br;q=1.0, gzip;q=0.8"));
    CHECK(compress_accepts_gzip("x-gzip"));
    CHECK(compress_accepts_gzip("*"));
    CHECK(compress_accepts_gzip("GZip; q=0.5"));
    CHECK(!compress_accepts_gzip("gzip;q=0"));
    CHECK(!compress_accepts_gzip("gzip;q=0.000, *"));        /* named beats "*" */
    CHECK(!compress_accepts_gzip("*;q=0"));
    CHECK(!compress_accepts_gzip("identity"));
    CHECK(!compress_accepts_gzip("deflate, br"));
    CHECK(!compress_accepts_gzip("gzipx"));
    CHECK(!compress_accepts_gzip(""));
    CHECK(!compress_accepts_gzip(NULL));
    CHECK(compress_type_worth_it("application/json"));
    CHECK(compress_type_worth_it("text/markdown; charset=utf-8"));
    CHECK(!compress_type_worth_it("image/png"));
    CHECK(!compress_type_worth_it("text/event-stream"));
    CHECK(!compress_type_worth_it(NULL));
}

static void test_gzip_round_trips(void)
{
    char in[4096], back[4096], *out;
    size_t n;
    uLongf got = sizeof back;
    z_stream z;

    for (size_t i = 0; i < sizeof in; i++)
        in[i] = "{\"type\":\"build\"},"[i % 17];
    CHECK(compress_gzip(in, sizeof in, &out, &n) == 0);
    CHECK(n < sizeof in / 4);
    CHECK((unsigned char)out[0] == 0x1f && (unsigned char)out[1] == 0x8b);
    memset(&z, 0, sizeof z);
    CHECK(inflateInit2(&z, 15 + 16) == Z_OK);
    z.next_in = (Bytef *)out;
    z.avail_in = (uInt)n;
    z.next_out = (Bytef *)back;
    z.avail_out = (uInt)got;
    CHECK(inflate(&z, Z_FINISH) == Z_STREAM_END);
    CHECK_EQ_INT(z.total_out, sizeof in);
    CHECK(memcmp(in, back, sizeof in) == 0);
    inflateEnd(&z);
    free(out);
}

static void test_cors_origins(void)
{
    char why[256];
    struct cors *c = cors_parse(" https://Play.Example , http://localhost:5173,", why, sizeof why);
    struct cors *any = cors_parse("*", why, sizeof why);
    struct cors *none = cors_parse(NULL, why, sizeof why);

    CHECK(c && any && none);
    CHECK(cors_enabled(c) && cors_enabled(any) && !cors_enabled(none));
    CHECK_EQ_INT(cors_grant(c, "https://play.example", "POST", 1), CORS_ORIGIN);
    CHECK_EQ_INT(cors_grant(c, "http://localhost:5173", "GET", 0), CORS_ORIGIN);
    CHECK_EQ_INT(cors_grant(c, "http://localhost:5174", "GET", 0), CORS_NONE);
    CHECK_EQ_INT(cors_grant(c, "https://play.example.evil", "GET", 0), CORS_NONE);
    CHECK_EQ_INT(cors_grant(c, NULL, "GET", 0), CORS_NONE);
    CHECK_EQ_INT(cors_grant(any, "https://x.example", "GET", 0), CORS_ANY);
    CHECK_EQ_INT(cors_grant(any, "https://x.example", "HEAD", 0), CORS_ANY);
    CHECK_EQ_INT(cors_grant(any, "https://x.example", "GET", 1), CORS_NONE);
    CHECK_EQ_INT(cors_grant(any, "https://x.example", "POST", 0), CORS_NONE);
    CHECK_EQ_INT(cors_grant(none, "https://x.example", "GET", 0), CORS_NONE);
    cors_free(c);
    cors_free(any);
    cors_free(none);
    CHECK(cors_parse("https://play.example/", why, sizeof why) == NULL);
    CHECK(strstr(why, "https://play.example/") != NULL);
    CHECK(cors_parse("play.example", why, sizeof why) == NULL);
    CHECK(cors_parse("ftp://play.example", why, sizeof why) == NULL);
    CHECK(cors_parse("https://", why, sizeof why) == NULL);
}

int main(void)
{
    RUN(test_if_none_match_compares_weakly);
    RUN(test_if_match_reads_the_version);
    RUN(test_view_tags_differ_per_viewer);
    RUN(test_accept_encoding_honours_q);
    RUN(test_gzip_round_trips);
    RUN(test_cors_origins);
    return check_summary();
}
