package io.github.clockpro.examples;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * Serves a Prometheus registry's scrape at {@code http://127.0.0.1:<port>/metrics}, and the monitored cache's own
 * statistics as JSON at {@code /stats}, with the JDK's own HTTP server. Binds the loopback address only, so neither
 * is exposed beyond the local machine.
 */
final class MetricsServer implements AutoCloseable {

  private static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
  private static final String JSON = "application/json; charset=utf-8";

  private final HttpServer server;

  /**
   * Starts serving.
   *
   * @param registry the registry to scrape on each request
   * @param port the port, or 0 for any free port
   * @param statistics makes the JSON served at {@code /stats} on each request
   * @throws IOException if the port cannot be bound
   */
  MetricsServer(PrometheusMeterRegistry registry, int port, Supplier<String> statistics) throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
    server.createContext("/metrics", exchange -> respond(exchange, 200, CONTENT_TYPE, registry.scrape()));
    server.createContext("/stats", exchange -> respond(exchange, 200, JSON, statistics.get()));
    server.createContext("/", exchange -> respond(exchange, 404, CONTENT_TYPE,
        "metrics are at /metrics, the cache's own statistics at /stats\n"));
    server.start();
  }

  /** Returns the URL of the metrics. */
  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/metrics";
  }

  /** Returns the URL of the cache's own statistics. */
  String statisticsUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/stats";
  }

  private static void respond(HttpExchange exchange, int status, String contentType, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", contentType);
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream output = exchange.getResponseBody()) {
      output.write(bytes);
    }
  }

  /** Stops serving at once. */
  @Override
  public void close() {
    server.stop(0);
  }
}
