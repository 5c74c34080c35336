package io.github.clockpro.bench.simulator;

import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.peers.Implementation;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.zip.GZIPInputStream;
import org.cache2k.Cache2kBuilder;

/**
 * Replays a trace with sizes ({@code <name>.weighted.trace.gz}: one request per line, {@code key size}) through
 * caches bounded by weight, each with the weigher that returns the size, as get-then-put-on-miss, and counts object
 * and byte hits. As in the AdaptSize authors' simulator and Caffeine's reader of the same file, the pair (key, size)
 * is an entry's identity. Caffeine runs its maintenance on the calling thread and cache2k evicts strictly, as in
 * {@link Implementation#createForSimulation}.
 */
public final class WeightedTraceSimulator {

  /** The weighted trace of the shared traces folder. */
  public static final String TRACE_FILE = "adapt_size.weighted.trace.gz";

  /** The capacities, in bytes, that the report and the done-when comparison use. */
  public static final List<Long> CAPACITIES = List.of(4_000_000L, 16_000_000L, 64_000_000L);

  /** The implementations replayed, in column order. */
  public static final List<Implementation> IMPLEMENTATIONS = Implementation.CONCURRENT;

  /** One request of the trace: an entry's identity, key and size together. */
  record Request(long key, int size) {}

  /** The outcome of one replay. */
  public record Result(Implementation implementation, long capacity, long requests, long hits, long bytes,
      long hitBytes) {

    public double objectHitPercent() {
      return 100.0 * hits / requests;
    }

    public double byteHitPercent() {
      return 100.0 * hitBytes / bytes;
    }
  }

  private WeightedTraceSimulator() {}

  /**
   * Reads a weighted trace.
   *
   * @throws UncheckedIOException if the file cannot be read or a line is not {@code key size}
   */
  static List<Request> read(Path file) {
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(file), 1 << 16), StandardCharsets.US_ASCII))) {
      List<Request> requests = new ArrayList<>();
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        String trimmed = line.trim();
        if (!trimmed.isEmpty()) {
          String[] fields = trimmed.split("\\s+");
          requests.add(new Request(Long.parseLong(fields[0]), Integer.parseInt(fields[1])));
        }
      }
      return requests;
    } catch (IOException | RuntimeException e) {
      throw new UncheckedIOException(new IOException(file + " is not a trace of 'key size' lines", e));
    }
  }

  /** Replays the trace at every capacity of {@link #CAPACITIES} through every implementation. */
  public static List<Result> run(Path file) {
    List<Request> requests = read(file);
    List<Result> results = new ArrayList<>();
    for (long capacity : CAPACITIES) {
      for (Implementation implementation : IMPLEMENTATIONS) {
        results.add(replay(requests, capacity, implementation));
      }
    }
    return results;
  }

  /** Replays the requests through one implementation bounded by {@code capacity} bytes. */
  static Result replay(List<Request> requests, long capacity, Implementation implementation) {
    Function<Request, Boolean> access = switch (implementation) {
      case CLOCKPRO -> {
        ClockProCache<Request, Boolean> cache = ClockProCache.builder().maximumWeight(capacity)
            .weigher((Request request, Boolean value) -> request.size()).build();
        yield request -> hitOrPut(cache.getIfPresent(request), () -> cache.put(request, Boolean.TRUE));
      }
      case CAFFEINE -> {
        com.github.benmanes.caffeine.cache.Cache<Request, Boolean> cache = Caffeine.newBuilder()
            .maximumWeight(capacity).weigher((Request request, Boolean value) -> request.size())
            .executor(Runnable::run).build();
        yield request -> hitOrPut(cache.getIfPresent(request), () -> cache.put(request, Boolean.TRUE));
      }
      case CACHE2K -> {
        org.cache2k.Cache<Request, Boolean> cache = Cache2kBuilder.of(Request.class, Boolean.class)
            .maximumWeight(capacity).weigher((Request request, Boolean value) -> request.size())
            .strictEviction(true).build();
        yield request -> hitOrPut(cache.peek(request), () -> cache.put(request, Boolean.TRUE));
      }
      case S3FIFO, SIEVE, LRU ->
          throw new IllegalArgumentException(implementation.displayName() + " is not weighted");
    };
    long hits = 0;
    long bytes = 0;
    long hitBytes = 0;
    for (Request request : requests) {
      bytes += request.size();
      if (access.apply(request)) {
        hits++;
        hitBytes += request.size();
      }
    }
    return new Result(implementation, capacity, requests.size(), hits, bytes, hitBytes);
  }

  /**
   * Renders the results as a Markdown table: one row per capacity, object and byte hit rates per implementation,
   * and clockpro minus the better peer for each.
   */
  public static String table(List<Result> results) {
    StringBuilder table = new StringBuilder();
    table.append("| capacity (bytes) | clockpro object | caffeine object | cache2k object | vs best peer "
        + "| clockpro byte | caffeine byte | cache2k byte | vs best peer |\n");
    table.append("|---:|---:|---:|---:|---|---:|---:|---:|---|\n");
    for (long capacity : results.stream().map(Result::capacity).distinct().toList()) {
      java.util.Map<Implementation, Result> row = new java.util.EnumMap<>(Implementation.class);
      results.stream().filter(result -> result.capacity() == capacity)
          .forEach(result -> row.put(result.implementation(), result));
      Result ours = row.get(Implementation.CLOCKPRO);
      Result caffeine = row.get(Implementation.CAFFEINE);
      Result cache2k = row.get(Implementation.CACHE2K);
      double objectLead = ours.objectHitPercent()
          - Math.max(caffeine.objectHitPercent(), cache2k.objectHitPercent());
      double byteLead = ours.byteHitPercent() - Math.max(caffeine.byteHitPercent(), cache2k.byteHitPercent());
      table.append(String.format(java.util.Locale.ROOT,
          "| %,d | %.2f | %.2f | %.2f | %+.2f%s | %.2f | %.2f | %.2f | %+.2f%s |%n", capacity,
          ours.objectHitPercent(), caffeine.objectHitPercent(), cache2k.objectHitPercent(), objectLead,
          objectLead < 0 ? " behind" : "", ours.byteHitPercent(), caffeine.byteHitPercent(),
          cache2k.byteHitPercent(), byteLead, byteLead < 0 ? " behind" : ""));
    }
    return table.toString();
  }

  private static boolean hitOrPut(Boolean found, Runnable put) {
    if (found != null) {
      return true;
    }
    put.run();
    return false;
  }
}
