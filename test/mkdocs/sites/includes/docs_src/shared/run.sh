uvicorn main:app --reload
