package io.github.clockpro.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The samples of one scrape in the Prometheus text exposition format, parsed just enough for the tests: series
 * name, labels and value of every line that is not a comment.
 */
final class Scrape {

  private static final Pattern SAMPLE = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})?\\s+(\\S+)");
  private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

  /** One line of the exposition. */
  record Sample(String name, Map<String, String> labels, double value) {}

  private static final Pattern TYPE = Pattern.compile("# TYPE (\\S+) (\\S+)");

  private final List<Sample> samples;
  private final Map<String, String> types;

  private Scrape(List<Sample> samples, Map<String, String> types) {
    this.samples = samples;
    this.types = types;
  }

  static Scrape parse(String exposition) {
    List<Sample> samples = new ArrayList<>();
    Map<String, String> types = new LinkedHashMap<>();
    for (String line : exposition.split("\n")) {
      Matcher type = TYPE.matcher(line);
      if (type.matches()) {
        types.put(type.group(1), type.group(2));
      }
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      Matcher sample = SAMPLE.matcher(line.trim());
      if (!sample.matches()) {
        throw new IllegalArgumentException("Not a sample line: " + line);
      }
      Map<String, String> labels = new LinkedHashMap<>();
      if (sample.group(3) != null) {
        Matcher label = LABEL.matcher(sample.group(3));
        while (label.find()) {
          labels.put(label.group(1), label.group(2));
        }
      }
      samples.add(new Sample(sample.group(1), labels, Double.parseDouble(sample.group(4))));
    }
    return new Scrape(samples, types);
  }

  /** The names of all series in the scrape, such as {@code cache_gets_total} or {@code ..._bucket}. */
  Set<String> names() {
    return samples.stream().map(Sample::name).collect(Collectors.toCollection(TreeSet::new));
  }

  /** The type of each metric family, as its {@code # TYPE} line names it: {@code counter}, {@code histogram}. */
  Map<String, String> types() {
    return types;
  }

  /** The samples of the series with the given name whose labels include all the given ones. */
  List<Sample> find(String name, Map<String, String> labels) {
    return samples.stream()
        .filter(sample -> sample.name().equals(name))
        .filter(sample -> sample.labels().entrySet().containsAll(labels.entrySet()))
        .collect(Collectors.toList());
  }

  /** The value of the one series with the given name and labels. */
  double value(String name, Map<String, String> labels) {
    List<Sample> found = find(name, labels);
    if (found.size() != 1) {
      throw new NoSuchElementException(
          "Expected one sample of " + name + labels + " but found " + found.size() + ": " + found);
    }
    return found.get(0).value();
  }
}
