package io.github.clockpro.stats;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Checks that {@code docs/grafana/clockpro-dashboard.json} is a dashboard Grafana imports as is, and that its
 * queries read only series that a real Prometheus registry bound by {@link ClockProCacheMetrics} exposes.
 */
class GrafanaDashboardTest {

  private static final int GRID_WIDTH = 24;
  private static final String DATASOURCE_VARIABLE = "${datasource}";
  private static final Set<String> PANEL_TYPES = Set.of("timeseries", "stat", "gauge", "bargauge", "table", "text");
  private static final Pattern IDENTIFIER = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
  private static final Pattern LABEL_VALUES =
      Pattern.compile("label_values\\(\\s*([a-zA-Z_:][a-zA-Z0-9_:]*)\\s*,\\s*cache\\s*\\)");
  private static final Pattern SELECTOR = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)\\{([^}]*)}");

  private static JsonNode dashboard;
  private static Set<String> publishedSeries;

  @BeforeAll
  static void readDashboardAndScrapeARegistry() throws IOException {
    dashboard = new ObjectMapper().readTree(Documents.path("grafana/clockpro-dashboard.json").toFile());
    publishedSeries = Documents.publishedSeries();
  }

  @Test
  void shouldHaveTheTopLevelFieldsGrafanaNeedsToImport() {
    assertThat(dashboard.path("title").asText()).isNotBlank();
    assertThat(dashboard.path("uid").asText()).matches("[a-zA-Z0-9_-]{1,40}");
    assertThat(dashboard.path("schemaVersion").isInt()).isTrue();
    assertThat(dashboard.path("schemaVersion").asInt()).isGreaterThanOrEqualTo(30);
    assertThat(dashboard.path("id").isMissingNode() || dashboard.path("id").isNull())
        .as("an import must not carry a database id").isTrue();
    assertThat(dashboard.path("panels").isArray()).isTrue();
    assertThat(dashboard.path("panels")).isNotEmpty();
  }

  @Test
  void shouldOfferADatasourceAndACacheNameVariable() {
    JsonNode datasource = variable("datasource");
    assertThat(datasource.path("type").asText()).isEqualTo("datasource");
    assertThat(datasource.path("query").asText()).isEqualTo("prometheus");

    JsonNode cache = variable("cache");
    assertThat(cache.path("type").asText()).isEqualTo("query");
    assertThat(cache.path("datasource").path("uid").asText()).isEqualTo(DATASOURCE_VARIABLE);
    assertThat(cache.path("multi").asBoolean()).isTrue();
    Matcher labelValues = LABEL_VALUES.matcher(cache.path("query").asText());
    assertThat(labelValues.matches()).as("a label_values(metric, cache) query").isTrue();
    assertThat(publishedSeries).contains(labelValues.group(1));
  }

  @Test
  void shouldGiveEveryPanelAnIdTypeTitleAndAPlaceOnTheGrid() {
    Set<Integer> ids = new HashSet<>();
    List<int[]> cells = new ArrayList<>();
    for (JsonNode panel : dashboard.path("panels")) {
      String title = panel.path("title").asText();
      assertThat(ids.add(panel.path("id").asInt())).as("unique id of %s", title).isTrue();
      assertThat(panel.path("type").asText()).as("type of %s", title).isIn(PANEL_TYPES);
      assertThat(title).isNotBlank();
      JsonNode grid = panel.path("gridPos");
      for (String field : List.of("h", "w", "x", "y")) {
        assertThat(grid.path(field).isInt()).as("gridPos.%s of %s", field, title).isTrue();
      }
      int x = grid.path("x").asInt();
      int y = grid.path("y").asInt();
      int width = grid.path("w").asInt();
      int height = grid.path("h").asInt();
      assertThat(x).as("x of %s", title).isBetween(0, GRID_WIDTH - 1);
      assertThat(y).as("y of %s", title).isNotNegative();
      assertThat(width).as("w of %s", title).isBetween(1, GRID_WIDTH - x);
      assertThat(height).as("h of %s", title).isPositive();
      for (int[] other : cells) {
        boolean apart = x + width <= other[0] || other[0] + other[2] <= x
            || y + height <= other[1] || other[1] + other[3] <= y;
        assertThat(apart).as("%s overlaps another panel", title).isTrue();
      }
      cells.add(new int[] {x, y, width, height});
    }
  }

  @Test
  void shouldQueryTheSelectedDatasourceWithAtLeastOneTargetPerPanel() {
    for (JsonNode panel : dashboard.path("panels")) {
      String title = panel.path("title").asText();
      assertThat(panel.path("datasource").path("uid").asText()).as(title).isEqualTo(DATASOURCE_VARIABLE);
      assertThat(panel.path("targets")).as("targets of %s", title).isNotEmpty();
      Set<String> refIds = new HashSet<>();
      for (JsonNode target : panel.path("targets")) {
        assertThat(refIds.add(target.path("refId").asText())).as("unique refId in %s", title).isTrue();
        assertThat(target.path("expr").asText()).as("expr in %s", title).isNotBlank();
        assertThat(target.path("datasource").path("uid").asText()).as(title).isEqualTo(DATASOURCE_VARIABLE);
      }
    }
  }

  @Test
  void shouldReadOnlySeriesThatTheBinderPublishes() {
    for (String expression : expressions()) {
      assertThat(metricNames(expression)).as(expression).isNotEmpty().isSubsetOf(publishedSeries);
    }
  }

  @Test
  void shouldFilterEverySelectorByTheChosenCaches() {
    for (String expression : expressions()) {
      Matcher selector = SELECTOR.matcher(expression);
      while (selector.find()) {
        assertThat(selector.group(2)).as(expression).contains("cache=~\"$cache\"");
      }
    }
  }

  @Test
  void shouldChartEverySeriesTheBinderPublishes() {
    Set<String> charted = new HashSet<>();
    for (String expression : expressions()) {
      charted.addAll(metricNames(expression));
    }

    assertThat(charted).containsAll(publishedSeries);
  }

  @Test
  void shouldReadTheScanQuantilesAsWholeNumbersFromTheHistogram() {
    String all = String.join("\n", expressions());
    assertThat(all)
        .contains("ceil(histogram_quantile(0.5, sum by (cache, le) (rate(cache_eviction_scan_length_bucket")
        .contains("ceil(histogram_quantile(0.99, sum by (cache, le) (rate(cache_eviction_scan_length_bucket")
        .contains("max by (cache) (cache_eviction_scan_length_max");
  }

  @Test
  void shouldGiveEveryPanelOneScaleWithEitherRatesOrLevelsButNotBoth() {
    for (JsonNode panel : dashboard.path("panels")) {
      Set<Boolean> takesRate = new HashSet<>();
      for (JsonNode target : panel.path("targets")) {
        takesRate.add(target.path("expr").asText().contains("rate("));
      }
      assertThat(takesRate).as(panel.path("title").asText()).hasSize(1);
      assertThat(panel.path("fieldConfig").path("defaults").path("unit").asText())
          .as("unit of %s", panel.path("title").asText()).isNotBlank();
    }
  }

  @Test
  void shouldFindTheMetricNamesOfAPromQlExpression() {
    String expression = "histogram_quantile(0.99, sum by (cache, le) (rate(scan_total{cache=~\"$cache\"}"
        + "[$__rate_interval]))) / on (cache) max without (le) (scan_max)";

    assertThat(metricNames(expression)).containsExactlyInAnyOrder("scan_total", "scan_max");
  }

  private static JsonNode variable(String name) {
    for (JsonNode variable : dashboard.path("templating").path("list")) {
      if (variable.path("name").asText().equals(name)) {
        return variable;
      }
    }
    throw new AssertionError("No templating variable named " + name);
  }

  private static List<String> expressions() {
    List<String> expressions = new ArrayList<>();
    for (JsonNode panel : dashboard.path("panels")) {
      for (JsonNode target : panel.path("targets")) {
        expressions.add(target.path("expr").asText());
      }
    }
    return expressions;
  }

  /**
   * The metric names a PromQL expression reads: what is left after removing string literals, label matchers,
   * range selectors, grouping clauses, function and aggregation names (identifiers before a parenthesis) and
   * numbers.
   */
  static Set<String> metricNames(String expression) {
    String stripped = expression
        .replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"", " ")
        .replaceAll("\\{[^}]*}", " ")
        .replaceAll("\\[[^]]*]", " ")
        .replaceAll("\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)", " ")
        .replaceAll("[a-zA-Z_][a-zA-Z0-9_]*\\s*\\(", "(");
    Set<String> names = new HashSet<>();
    Matcher identifier = IDENTIFIER.matcher(stripped);
    while (identifier.find()) {
      names.add(identifier.group());
    }
    return names;
  }
}
