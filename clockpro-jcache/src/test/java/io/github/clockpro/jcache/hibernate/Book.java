package io.github.clockpro.jcache.hibernate;

import jakarta.persistence.Cacheable;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.OneToMany;
import java.util.ArrayList;
import java.util.List;
import org.hibernate.annotations.Cache;
import org.hibernate.annotations.CacheConcurrencyStrategy;

/** A cached entity with a cached collection, for {@link HibernateSecondLevelCacheTest}. */
@Entity
@Cacheable
@Cache(usage = CacheConcurrencyStrategy.READ_WRITE, region = "books")
public class Book {

  @Id
  private Long id;

  private String title;

  @OneToMany(mappedBy = "book")
  @Cache(usage = CacheConcurrencyStrategy.READ_WRITE, region = "books.chapters")
  private List<Chapter> chapters = new ArrayList<>();

  protected Book() {}

  public Book(Long id, String title) {
    this.id = id;
    this.title = title;
  }

  public Long getId() {
    return id;
  }

  public String getTitle() {
    return title;
  }

  public List<Chapter> getChapters() {
    return chapters;
  }
}
