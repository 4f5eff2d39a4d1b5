vcl 4.1;

# The edge in front of the web dynos (docs/deployment.md). The backends and the round-robin
# director `dynos` come from backends.vcl, written per deployment (backends.example.vcl; `npm run
# stack` writes its own). The purge secret is read from the environment of varnishd
# (EDGE_PURGE_SECRET): it never lives in a file of the repository.

import std;
import directors;
import xkey;

include "backends.vcl";

sub vcl_recv {
    set req.backend_hint = dynos.backend();

    # Purge by Surrogate-Key (space-separated; `all` is a key every object carries), sent by the
    # app's purge job (server/cache/cdn-purge.ts) to CDN_PURGE_URL. Refused without the secret,
    # and refused whatever is sent when no secret is configured.
    if (req.url ~ "^/_edge/purge/?$") {
        if (std.getenv("EDGE_PURGE_SECRET") == "" ||
            req.http.X-Purge-Secret != std.getenv("EDGE_PURGE_SECRET")) {
            return (synth(403, "Purge refused: wrong or missing X-Purge-Secret"));
        }
        if (!req.http.Surrogate-Key) {
            return (synth(400, "Purge needs a Surrogate-Key header"));
        }
        if (req.http.X-Purge-Soft == "1") {
            set req.http.X-Purged = xkey.softpurge(req.http.Surrogate-Key);
        } else {
            set req.http.X-Purged = xkey.purge(req.http.Surrogate-Key);
        }
        return (synth(200, "Purged " + req.http.X-Purged));
    }
    unset req.http.X-Purge-Secret;
    # Set only by this configuration's own restart (vcl_synth), never by a visitor.
    if (req.restarts == 0) {
        unset req.http.X-Edge-Restarted-Stale;
    }

    # Anything that changes something, and the private areas, go to a dyno every time.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    if (req.url ~ "^/(wagtail|admin|account|preview|_util|api-nc|api/ht|api/location/flush|api/reservations|api/waitlist|csrftoken|authenticate_with_password|documents/authenticate_with_password)(/|\?|$)") {
        return (pass);
    }
    if (req.http.Authorization) {
        return (pass);
    }
    # The only cookie a cached page may see is the location picker's `li` (Vary: Cookie splits on
    # it); a session cookie or any other cookie passes.
    if (req.http.Cookie) {
        if (req.http.Cookie !~ "^\s*li=[0-9]*\s*;?\s*$") {
            return (pass);
        }
        set req.http.Cookie = regsub(req.http.Cookie, "^\s*(li=[0-9]*).*$", "\1");
    }
    # Accept-Encoding reduced to the coding the app would answer with (br, gzip or none): Vary
    # splits on it, so each coding is held as a dyno sent it. Run with http_gzip_support=off (the
    # stack and docs/deployment.md do): otherwise Varnish asks for gzip only and gunzips the held
    # copy on every hit for a client without gzip, a third of the throughput (docs/benchmarks.md).
    if (req.http.Accept-Encoding ~ "(?i)(^|,)\s*br\s*(;\s*q\s*=\s*(1(\.0*)?|0?\.[0-9]*[1-9][0-9]*)\s*)?(,|$)") {
        set req.http.Accept-Encoding = "br";
    } elsif (req.http.Accept-Encoding ~ "(?i)(^|,)\s*(x-)?gzip\s*(;\s*q\s*=\s*(1(\.0*)?|0?\.[0-9]*[1-9][0-9]*)\s*)?(,|$)") {
        set req.http.Accept-Encoding = "gzip";
    } else {
        unset req.http.Accept-Encoding;
    }
    # While a dyno is healthy, a stale copy is served only within the answer's
    # stale-while-revalidate (the app sends 10-20 s); when none is, the hours of grace apply.
    if (std.healthy(req.backend_hint) && !req.http.X-Edge-Restarted-Stale) {
        set req.grace = 20s;
    }
    return (hash);
}

sub vcl_backend_response {
    # Every object carries its Surrogate-Keys for xkey, and `all`.
    set beresp.http.xkey = beresp.http.Surrogate-Key + " all";

    # An origin failing (5xx) never replaces what the edge holds: a background refresh gives up
    # and the stale copy stays; a foreground fetch gives up too and vcl_synth retries once with
    # the whole grace allowed.
    if (beresp.status >= 500 && bereq.method == "GET") {
        if (bereq.is_bgfetch) {
            return (abandon);
        }
        if (bereq.uncacheable) {
            return (deliver);
        }
        return (abandon);
    }
    # No Cache-Control or Expires: the app did not say it may be shared, so it is not.
    if (!beresp.http.Cache-Control && !beresp.http.Expires) {
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        return (deliver);
    }
    if (beresp.http.Cache-Control ~ "(?i)(private|no-store|no-cache)" || beresp.http.Set-Cookie) {
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        return (deliver);
    }
    # beresp.ttl is already the answer's s-maxage; the grace is hours, for when no dyno is up.
    set beresp.grace = 6h;
    return (deliver);
}

sub vcl_backend_error {
    # A dead connection (a dyno killed between probes): another dyno, twice at most.
    if (bereq.retries < 2 && (bereq.method == "GET" || bereq.method == "HEAD")) {
        return (retry);
    }
    # No dyno to ask (none healthy, or none answering): the visitor is told when to try again.
    set beresp.http.Retry-After = "5";
    set beresp.http.Cache-Control = "no-store";
}

sub vcl_synth {
    # A foreground fetch the origin failed: once more, now allowed the whole grace.
    if (resp.status == 503 && req.restarts == 0 && (req.method == "GET" || req.method == "HEAD") &&
        !req.http.X-Edge-Restarted-Stale) {
        set req.http.X-Edge-Restarted-Stale = "1";
        return (restart);
    }
    if (resp.status == 503) {
        set resp.http.Retry-After = "5";
    }
}

sub vcl_deliver {
    unset resp.http.xkey;
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
