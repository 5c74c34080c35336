package io.github.clockpro.jcstress;

import java.io.IOException;
import java.time.Duration;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.openjdk.jcstress.JCStress;
import org.openjdk.jcstress.Options;
import org.openjdk.jcstress.infra.collectors.DiskReadCollector;
import org.openjdk.jcstress.infra.collectors.InProcessCollector;
import org.openjdk.jcstress.infra.collectors.TestResult;

/**
 * Runs the jcstress tests for the build: takes jcstress's own arguments, prints how long the run took, and exits
 * with status 0 only if every test ran and none failed.
 *
 * <p>jcstress's {@code Main} already ends with status 1 when a test failed (a forbidden outcome, an error, a
 * time-out: its report printer then throws an {@link AssertionError} naming them). It ends with status 0, though,
 * when no test matched or no JVM configuration could run, so a build whose annotation processing produced no tests
 * would pass. This run also fails then, and whenever a test found on the class path has no samples in the
 * results.
 */
public final class CheckedRun {

  private CheckedRun() {
  }

  /**
   * Runs jcstress with the given arguments and exits.
   *
   * @param args jcstress's command line, as for {@code org.openjdk.jcstress.Main}
   * @throws Exception if jcstress cannot start or its results cannot be read
   */
  public static void main(String[] args) throws Exception {
    long start = System.nanoTime();
    Options options = new Options(args);
    if (!options.parse()) {
      System.exit(2);
    }
    JCStress jcstress = new JCStress(options);
    SortedSet<String> tests = jcstress.getTests();
    if (tests.isEmpty()) {
      finish(start, false, "no test matched (did the annotation processor run?)");
    }
    boolean failed = false;
    try {
      jcstress.run();
    } catch (AssertionError failures) {
      failed = true; // jcstress has printed the failed tests
    }
    Set<String> missing = new TreeSet<>(tests);
    missing.removeAll(testsWithSamples(options.getResultFile()));
    if (!missing.isEmpty()) {
      finish(start, false, "no samples from " + missing);
    }
    finish(start, !failed, failed ? "see the failed tests above" : "all " + tests.size() + " tests");
  }

  private static Set<String> testsWithSamples(String resultFile) throws IOException, ClassNotFoundException {
    InProcessCollector collector = new InProcessCollector();
    DiskReadCollector reader = new DiskReadCollector(resultFile, collector);
    try {
      reader.dump();
    } finally {
      reader.close();
    }
    Set<String> names = new TreeSet<>();
    for (TestResult result : collector.getTestResults()) {
      if (result.getTotalCount() > 0) {
        names.add(result.getName());
      }
    }
    return names;
  }

  private static void finish(long start, boolean passed, String detail) {
    Duration took = Duration.ofNanos(System.nanoTime() - start);
    System.out.printf("jcstress %s: %s; the run took %d min %02d s%n",
        passed ? "PASSED" : "FAILED", detail, took.toMinutes(), took.toSecondsPart());
    System.exit(passed ? 0 : 1);
  }
}
