import { Route, Routes } from 'shared/router';
import { renderStandalone } from 'shared/standalone';
import Home from './exposes/Home';
import SearchBar from './exposes/SearchBar';
import CategoryStrip from './exposes/CategoryStrip';
import styles from './standalone.module.css';

/** QA host: the home page alone, with a plain header holding the search bar and categories. */
void renderStandalone(
  <Routes>
    <Route
      path="*"
      element={
        <>
          <header className={styles.header}>
            <div className={styles.bar}>
              <SearchBar />
            </div>
            <div className={styles.strip}>
              <CategoryStrip />
            </div>
          </header>
          <main>
            <Home />
          </main>
        </>
      }
    />
  </Routes>,
);
