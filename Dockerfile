# One image for the web server (gunicorn), the worker (celery) and the migrate step.
# Stage 1 builds the TypeScript editor; stage 2 is the Python application.
FROM node:20-bookworm-slim AS frontend
WORKDIR /app
COPY frontend/package.json frontend/package-lock.json* frontend/
RUN cd frontend && (npm ci --no-audit --no-fund --loglevel=error || npm install --no-audit --no-fund)
COPY frontend/ frontend/
COPY swell_annot/editor/ swell_annot/editor/
RUN cd frontend && npm run build

FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /app
COPY requirements.txt pyproject.toml README.md ./
RUN pip install -r requirements.txt
COPY . .
COPY --from=frontend /app/swell_annot/editor/static/ swell_annot/editor/static/
RUN pip install --no-deps -e . \
 && DJANGO_DEBUG=1 python manage.py collectstatic --noinput >/dev/null \
 && useradd --system --uid 1000 --home-dir /app swell
USER swell
EXPOSE 8000
CMD ["gunicorn", "swell_annot.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "2", "--access-logfile", "-"]
