# Example backends.vcl, included by default.vcl: one backend per web dyno, all in the round-robin
# director `dynos`, each probed on /api/ht/ every second (a dead dyno is out within ~2 s).

probe dyno_health {
    .url = "/api/ht/";
    .interval = 1s;
    .timeout = 2s;
    .window = 3;
    .threshold = 2;
    .initial = 2;
}

backend dyno1 { .host = "10.0.0.11"; .port = "8000"; .probe = dyno_health; .connect_timeout = 1s; .first_byte_timeout = 30s; }
backend dyno2 { .host = "10.0.0.12"; .port = "8000"; .probe = dyno_health; .connect_timeout = 1s; .first_byte_timeout = 30s; }

sub vcl_init {
    new dynos = directors.round_robin();
    dynos.add_backend(dyno1);
    dynos.add_backend(dyno2);
}
